-- CreateTable
CREATE TABLE "DataVersion" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DataVersion_pkey" PRIMARY KEY ("id")
);

-- The one row, so that a bump is a plain UPDATE.
INSERT INTO "DataVersion" ("id", "version", "updatedAt") VALUES (1, 0, CURRENT_TIMESTAMP);
