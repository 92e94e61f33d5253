-- CreateEnum
CREATE TYPE "SyncRunStatus" AS ENUM ('planning', 'running', 'waiting', 'done', 'partial', 'failed', 'dry-run');

-- CreateEnum
CREATE TYPE "SyncBatchStatus" AS ENUM ('pending', 'fetched', 'done', 'failed', 'skipped');

-- CreateEnum
CREATE TYPE "SyncTrigger" AS ENUM ('cli', 'admin', 'schedule', 'startup', 'bench', 'test');

-- CreateEnum
CREATE TYPE "DataOperation" AS ENUM ('series', 'series_hist');

-- CreateEnum
CREATE TYPE "UpstreamOperation" AS ENUM ('token', 'series_info', 'series', 'series_hist', 'data_limits');

-- AlterTable: the same values, now typed (existing rows convert in place, nothing is dropped)
ALTER TABLE "SyncBatch"
  ALTER COLUMN "operation" TYPE "DataOperation" USING "operation"::"DataOperation",
  ALTER COLUMN "status" TYPE "SyncBatchStatus" USING "status"::"SyncBatchStatus";

-- AlterTable
ALTER TABLE "SyncRun"
  ALTER COLUMN "trigger" TYPE "SyncTrigger" USING "trigger"::"SyncTrigger",
  ALTER COLUMN "status" TYPE "SyncRunStatus" USING "status"::"SyncRunStatus";

-- AlterTable
ALTER TABLE "UpstreamCall"
  ALTER COLUMN "operation" TYPE "UpstreamOperation" USING "operation"::"UpstreamOperation";
