-- AlterEnum
ALTER TYPE "AssessmentKind" ADD VALUE 'unknown';

-- AlterTable
ALTER TABLE "Assessment" ADD COLUMN     "syncIssue" TEXT,
ADD COLUMN     "syncIssueAt" TIMESTAMP(3),
ALTER COLUMN "dataset" DROP NOT NULL;

-- CreateTable
CREATE TABLE "DatasetMapping" (
    "service" "Service" NOT NULL,
    "coverage" TEXT NOT NULL,
    "dataset" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "evidence" TEXT,
    "learnedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedBy" TEXT,

    CONSTRAINT "DatasetMapping_pkey" PRIMARY KEY ("service","coverage")
);
