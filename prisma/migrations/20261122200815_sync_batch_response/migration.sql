-- AlterTable
ALTER TABLE "SyncBatch" ADD COLUMN     "dataRequests" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "response" JSONB;

-- CreateIndex
CREATE INDEX "Observation_variantId_validTo_idx" ON "Observation"("variantId", "validTo");
