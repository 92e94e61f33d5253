import "server-only";
import { z } from "zod";
import { readSetting, writeSetting } from "@/lib/db/settings";

// Admin-set sync settings, validated on the way in and out.
export const syncSettingsSchema = z.object({
  /** codes per dataset kept free each month for on-demand requests; the scheduled sync never spends them */
  onDemandReserve: z.number().int().min(0).max(10_000).default(30),
  /** a non-default currency/unit variant is kept fresh while someone asked for it within this many days */
  variantRetentionDays: z.number().int().min(1).max(365).default(60),
});
export type SyncSettings = z.infer<typeof syncSettingsSchema>;

const KEY = "sync";

export async function syncSettings(): Promise<SyncSettings> {
  const parsed = syncSettingsSchema.safeParse((await readSetting(KEY)) ?? {});
  return parsed.success ? parsed.data : syncSettingsSchema.parse({});
}

export async function updateSyncSettings(patch: unknown, by: string | null): Promise<SyncSettings> {
  const next = syncSettingsSchema.parse({
    ...(await syncSettings()),
    ...syncSettingsSchema.partial().parse(patch),
  });
  await writeSetting(KEY, next, by);
  return next;
}
