-- Trigram search over the catalogue (available in PGlite and PostgreSQL contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('viewer', 'admin');

-- CreateEnum
CREATE TYPE "Service" AS ENUM ('industry_economics', 'energy_price');

-- CreateEnum
CREATE TYPE "AssessmentKind" AS ENUM ('utility', 'cost_index', 'location_factor', 'energy');

-- CreateEnum
CREATE TYPE "AssessmentStatus" AS ENUM ('active', 'discontinued');

-- CreateEnum
CREATE TYPE "ObservationKind" AS ENUM ('final', 'preliminary', 'forecast');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'viewer',
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastLoginAt" TIMESTAMP(3),

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "details" JSONB,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Assessment" (
    "id" SERIAL NOT NULL,
    "service" "Service" NOT NULL,
    "code" TEXT NOT NULL,
    "assessment" TEXT NOT NULL,
    "product" TEXT NOT NULL,
    "commodity" TEXT NOT NULL,
    "coverage" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "area" TEXT,
    "details" TEXT,
    "specification" TEXT NOT NULL,
    "availableCurrencies" TEXT[],
    "availableUnits" TEXT[],
    "defaultCurrency" TEXT NOT NULL,
    "defaultUnit" TEXT NOT NULL,
    "hasForecast" BOOLEAN NOT NULL,
    "hasPreliminary" BOOLEAN NOT NULL,
    "lastAvailableFinal" DATE,
    "seriesHistChanged" BOOLEAN NOT NULL,
    "remark1" TEXT NOT NULL,
    "remark2" TEXT,
    "lagMonths" INTEGER,
    "upstreamUpdatedAt" DATE,
    "kind" "AssessmentKind" NOT NULL,
    "dataset" TEXT NOT NULL,
    "status" "AssessmentStatus" NOT NULL DEFAULT 'active',
    "discontinuedAt" TIMESTAMP(3),
    "replacedById" INTEGER,
    "vanishedAt" TIMESTAMP(3),
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "searchText" TEXT NOT NULL,
    "raw" JSONB NOT NULL,

    CONSTRAINT "Assessment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeriesVariant" (
    "id" SERIAL NOT NULL,
    "assessmentId" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "unit" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL,
    "currencyId" INTEGER,
    "unitId" INTEGER,
    "upstreamUpdatedAt" DATE,
    "lastFinal" DATE,
    "historyLoaded" BOOLEAN NOT NULL DEFAULT false,
    "lastFetchedAt" TIMESTAMP(3),
    "lastRequestedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SeriesVariant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Observation" (
    "variantId" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "validFrom" TIMESTAMP(3) NOT NULL,
    "validTo" TIMESTAMP(3),
    "kind" "ObservationKind" NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Observation_pkey" PRIMARY KEY ("variantId","month","validFrom")
);

-- CreateTable
CREATE TABLE "UpstreamCall" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "service" "Service",
    "operation" TEXT NOT NULL,
    "sandbox" BOOLEAN NOT NULL DEFAULT false,
    "codes" TEXT[],
    "currencyId" INTEGER,
    "unitId" INTEGER,
    "dataRequests" INTEGER NOT NULL DEFAULT 0,
    "status" INTEGER,
    "outcome" TEXT NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "cause" TEXT NOT NULL,
    "syncRunId" TEXT,
    "userId" TEXT,
    "message" TEXT,

    CONSTRAINT "UpstreamCall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuotaCounter" (
    "key" TEXT NOT NULL,
    "used" INTEGER NOT NULL,
    "limit" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QuotaCounter_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "DatasetBudget" (
    "service" "Service" NOT NULL,
    "dataset" TEXT NOT NULL,
    "total" INTEGER NOT NULL,
    "remaining" INTEGER NOT NULL,
    "reportedRemaining" INTEGER NOT NULL,
    "reportedAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DatasetBudget_pkey" PRIMARY KEY ("service","dataset")
);

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL,
    "tat" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "UpstreamToken" (
    "id" INTEGER NOT NULL,
    "cipher" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "obtainedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UpstreamToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Lease" (
    "name" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "leaseUntil" TIMESTAMP(3) NOT NULL,
    "acquiredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "info" JSONB,

    CONSTRAINT "Lease_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "SyncRun" (
    "id" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "scheduleKey" TEXT,
    "status" TEXT NOT NULL,
    "dryRun" BOOLEAN NOT NULL DEFAULT false,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "holder" TEXT NOT NULL,
    "requestedBy" TEXT,
    "plan" JSONB,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "dataRequests" INTEGER NOT NULL DEFAULT 0,
    "minimumDataRequests" INTEGER NOT NULL DEFAULT 0,
    "assessments" INTEGER NOT NULL DEFAULT 0,
    "observations" INTEGER NOT NULL DEFAULT 0,
    "batchesTotal" INTEGER NOT NULL DEFAULT 0,
    "batchesDone" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "nextAttemptAt" TIMESTAMP(3),

    CONSTRAINT "SyncRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SyncBatch" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "service" "Service" NOT NULL,
    "operation" TEXT NOT NULL,
    "currencyId" INTEGER,
    "unitId" INTEGER,
    "codes" TEXT[],
    "status" TEXT NOT NULL,
    "observations" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "message" TEXT,

    CONSTRAINT "SyncBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT,

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "BookmarkList" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "shared" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BookmarkList_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BookmarkItem" (
    "id" TEXT NOT NULL,
    "listId" TEXT NOT NULL,
    "assessmentId" INTEGER NOT NULL,
    "addedById" TEXT NOT NULL,
    "addedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "note" TEXT,

    CONSTRAINT "BookmarkItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeriesVisit" (
    "userId" TEXT NOT NULL,
    "assessmentId" INTEGER NOT NULL,
    "lastViewedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SeriesVisit_pkey" PRIMARY KEY ("userId","assessmentId")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");

-- CreateIndex
CREATE INDEX "AuditLog_at_idx" ON "AuditLog"("at");

-- CreateIndex
CREATE INDEX "Assessment_searchText_idx" ON "Assessment" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Assessment_service_dataset_idx" ON "Assessment"("service", "dataset");

-- CreateIndex
CREATE INDEX "Assessment_kind_idx" ON "Assessment"("kind");

-- CreateIndex
CREATE INDEX "Assessment_coverage_idx" ON "Assessment"("coverage");

-- CreateIndex
CREATE INDEX "Assessment_commodity_idx" ON "Assessment"("commodity");

-- CreateIndex
CREATE UNIQUE INDEX "Assessment_service_code_key" ON "Assessment"("service", "code");

-- CreateIndex
CREATE UNIQUE INDEX "SeriesVariant_assessmentId_currency_unit_key" ON "SeriesVariant"("assessmentId", "currency", "unit");

-- CreateIndex
CREATE INDEX "UpstreamCall_at_idx" ON "UpstreamCall"("at");

-- CreateIndex
CREATE INDEX "UpstreamCall_syncRunId_idx" ON "UpstreamCall"("syncRunId");

-- CreateIndex
CREATE UNIQUE INDEX "SyncRun_scheduleKey_key" ON "SyncRun"("scheduleKey");

-- CreateIndex
CREATE INDEX "SyncRun_startedAt_idx" ON "SyncRun"("startedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SyncBatch_runId_seq_key" ON "SyncBatch"("runId", "seq");

-- CreateIndex
CREATE INDEX "BookmarkList_ownerId_idx" ON "BookmarkList"("ownerId");

-- CreateIndex
CREATE INDEX "BookmarkList_shared_idx" ON "BookmarkList"("shared");

-- CreateIndex
CREATE UNIQUE INDEX "BookmarkItem_listId_assessmentId_key" ON "BookmarkItem"("listId", "assessmentId");

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assessment" ADD CONSTRAINT "Assessment_replacedById_fkey" FOREIGN KEY ("replacedById") REFERENCES "Assessment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeriesVariant" ADD CONSTRAINT "SeriesVariant_assessmentId_fkey" FOREIGN KEY ("assessmentId") REFERENCES "Assessment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Observation" ADD CONSTRAINT "Observation_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "SeriesVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SyncBatch" ADD CONSTRAINT "SyncBatch_runId_fkey" FOREIGN KEY ("runId") REFERENCES "SyncRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BookmarkList" ADD CONSTRAINT "BookmarkList_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BookmarkItem" ADD CONSTRAINT "BookmarkItem_listId_fkey" FOREIGN KEY ("listId") REFERENCES "BookmarkList"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BookmarkItem" ADD CONSTRAINT "BookmarkItem_assessmentId_fkey" FOREIGN KEY ("assessmentId") REFERENCES "Assessment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BookmarkItem" ADD CONSTRAINT "BookmarkItem_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeriesVisit" ADD CONSTRAINT "SeriesVisit_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeriesVisit" ADD CONSTRAINT "SeriesVisit_assessmentId_fkey" FOREIGN KEY ("assessmentId") REFERENCES "Assessment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
