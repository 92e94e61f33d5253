import "server-only";
import { headers } from "next/headers";
import { z } from "zod";
import { isAdmin } from "@/lib/auth/permissions";
import { writeAudit } from "@/lib/db/audit";
import { adminEmails, onDemandCodesOfDataset, onDemandCodesOfUser } from "@/lib/db/on-demand-usage";
import { readSetting, writeSetting } from "@/lib/db/settings";
import { changedFields } from "@/lib/domain/audit";
import { releaseInstant, releasePeriod } from "@/lib/domain/calendar";
import type { SessionUser } from "@/lib/domain/roles";
import { AppError, forbidden } from "@/lib/http/errors";
import { vendorCalendar } from "@/lib/sync/upstream";

// Who may make the server spend vendor quota on a rendering nobody fetched yet. A plain GET does
// it, so: only from our own pages (or a token, or a typed URL) — a link on another site must not
// spend quota in a signed-in user's name; at most `perUserDaily` codes per user in 24 hours
// (admins exempt); at most `perDatasetMonthly` codes per dataset per release period. Past a limit
// the answer names the admins to ask.

export const onDemandPolicySchema = z.object({
  perUserDaily: z.number().int().min(0).max(10_000).default(20),
  perDatasetMonthly: z.number().int().min(0).max(100_000).default(100),
});
export type OnDemandPolicy = z.infer<typeof onDemandPolicySchema>;

const KEY = "onDemandPolicy";
const DAY_MS = 86_400_000;

export async function onDemandPolicy(): Promise<OnDemandPolicy> {
  const parsed = onDemandPolicySchema.safeParse((await readSetting(KEY)) ?? {});
  return parsed.success ? parsed.data : onDemandPolicySchema.parse({});
}

export async function updateOnDemandPolicy(
  patch: Partial<OnDemandPolicy>,
  by: string,
  /** the admin making the change (audited); none for scripts and tests */
  actorId?: string,
): Promise<OnDemandPolicy> {
  const before = await onDemandPolicy();
  const next = onDemandPolicySchema.parse({ ...before, ...patch });
  await writeSetting(KEY, next, by);
  const changed = changedFields(before, next);
  if (actorId && Object.keys(changed).length)
    await writeAudit({ actorId, action: "settings.update", target: "on-demand", details: changed });
  return next;
}

/**
 * Whether the request in progress may cause a fetch: a token, one of our pages, or a URL the user
 * typed; not a request another site started. Outside a request (scripts, the sync) it may.
 */
async function requestMayFetch(): Promise<boolean> {
  let h: Headers;
  try {
    h = await headers();
  } catch {
    return true;
  }
  if (/^Bearer\s+\S+$/i.test(h.get("authorization") ?? "")) return true;
  const site = h.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = h.get("origin");
  return !origin || origin === `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host")}`;
}

async function whomToAsk(): Promise<string[]> {
  return (await adminEmails(3)).map((a) => a.email);
}

export async function assertOnDemandAllowed(
  user: SessionUser,
  target: { service: string; dataset: string | null },
  now = new Date(),
): Promise<void> {
  if (!(await requestMayFetch()))
    throw forbidden(
      "This rendering is not stored yet; open it from Price Atlas itself to fetch it (a link from another site cannot).",
    );
  const policy = await onDemandPolicy();
  if (!isAdmin(user) && user.id !== "cli") {
    const used = await onDemandCodesOfUser(user.id, new Date(now.getTime() - DAY_MS));
    if (used >= policy.perUserDaily) {
      const ask = await whomToAsk();
      throw new AppError(
        429,
        "rate_limited",
        `You have fetched ${used} new renderings in the last 24 hours (the limit is ${policy.perUserDaily}). Try again tomorrow, or ask an admin (${ask.join(", ")}) to fetch it or raise the limit.`,
        { limit: policy.perUserDaily, used, ask },
      );
    }
  }
  const rules = vendorCalendar();
  const since = releaseInstant(releasePeriod(now, rules), rules);
  const spent = await onDemandCodesOfDataset(target.service, target.dataset, since);
  if (spent >= policy.perDatasetMonthly) {
    const ask = await whomToAsk();
    throw new AppError(
      429,
      "quota_exhausted",
      `On-demand fetches for the dataset ${target.dataset ?? "(not known yet)"} reached this month's ceiling (${policy.perDatasetMonthly} codes). Ask an admin (${ask.join(", ")}) to raise it.`,
      { ceiling: policy.perDatasetMonthly, spent, ask },
    );
  }
}
