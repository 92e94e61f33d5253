import "server-only";
import { prisma } from "./client";

export function latestFinishedSync() {
  return prisma().syncRun.findFirst({
    where: { finishedAt: { not: null }, dryRun: false },
    orderBy: { finishedAt: "desc" },
    select: { id: true, status: true, finishedAt: true, trigger: true },
  });
}
