import "server-only";
import { writeAudit } from "@/lib/db/audit";
import type { SessionUser } from "@/lib/domain/roles";
import { AppError } from "@/lib/http/errors";
import { pollLimits } from "@/lib/sync/quota-poll";
import {
  checkQuotaThresholds,
  type QuotaThresholds,
  quotaThresholds,
  saveQuotaThresholds,
} from "@/lib/sync/quota-thresholds";
import { upstreamClient, upstreamConfigured } from "@/lib/sync/upstream";
import { UpstreamError } from "@/lib/upstream/errors";
import { onQuotaThresholdCrossed } from "./quota-alerts";

// What an admin does to the quota view: ask the vendor's report now (one call per service), and
// set the warning thresholds (audited).

export async function refreshLimits(user: SessionUser) {
  if (!upstreamConfigured()) throw new AppError(503, "upstream_unavailable", "No vendor is configured.");
  const client = upstreamClient();
  try {
    await pollLimits(client, "admin refresh", user.id);
  } catch (error) {
    if (error instanceof UpstreamError) throw refreshError(error);
    throw error;
  }
  const fired = await checkQuotaThresholds(client.now(), onQuotaThresholdCrossed);
  await writeAudit({ actorId: user.id, action: "limits.refresh" });
  return { refreshedAt: client.now().toISOString(), alertsFired: fired.length };
}

/** The vendor's refusal in the app's words (its own message goes to the ledger, not the browser). */
function refreshError(error: UpstreamError): AppError {
  const retryAt = error.options.retryAt?.toISOString();
  if (error.kind === "budget" || error.kind === "quota_reached")
    return new AppError(429, "quota_exhausted", "A call quota is spent: the report cannot be asked now.");
  return new AppError(
    503,
    "upstream_unavailable",
    `The vendor did not answer the data-limits call (${error.kind})${retryAt ? `; try again after ${retryAt}` : ""}.`,
    retryAt ? { retryAt } : undefined,
  );
}

export { quotaThresholds };

export async function updateQuotaThresholds(user: SessionUser, next: QuotaThresholds) {
  const before = await quotaThresholds();
  const saved = await saveQuotaThresholds(next, user.email);
  await writeAudit({
    actorId: user.id,
    action: "settings.update",
    target: "quotaThresholds",
    details: { before: before.thresholds, after: saved.thresholds },
  });
  return saved;
}
