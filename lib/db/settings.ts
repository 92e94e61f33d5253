import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { prisma } from "./client";

export async function readSetting(key: string): Promise<unknown> {
  return (await prisma().setting.findUnique({ where: { key } }))?.value ?? null;
}

export async function writeSetting(
  key: string,
  value: Prisma.InputJsonValue,
  updatedBy: string | null,
): Promise<void> {
  await prisma().setting.upsert({
    where: { key },
    create: { key, value, updatedBy },
    update: { value, updatedBy },
  });
}
