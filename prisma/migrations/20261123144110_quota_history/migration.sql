-- CreateTable
CREATE TABLE "LimitsReport" (
    "id" BIGSERIAL NOT NULL,
    "service" "Service" NOT NULL,
    "dataset" TEXT NOT NULL,
    "remaining" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "reportedAt" TIMESTAMP(3) NOT NULL,
    "trigger" TEXT NOT NULL,

    CONSTRAINT "LimitsReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuotaAlert" (
    "id" TEXT NOT NULL,
    "meter" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "threshold" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "used" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "firedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QuotaAlert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LimitsReport_service_dataset_reportedAt_idx" ON "LimitsReport"("service", "dataset", "reportedAt");

-- CreateIndex
CREATE INDEX "LimitsReport_reportedAt_idx" ON "LimitsReport"("reportedAt");

-- CreateIndex
CREATE INDEX "QuotaAlert_firedAt_idx" ON "QuotaAlert"("firedAt");

-- CreateIndex
CREATE UNIQUE INDEX "QuotaAlert_meter_threshold_period_key" ON "QuotaAlert"("meter", "threshold", "period");
