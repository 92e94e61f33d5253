// An admin may dismiss the quota warning the app shell shows: it stays dismissed (a cookie, so
// the server leaves it out and nothing flashes on the next page) until another threshold is crossed
// or the next period's first crossing. Pure: the cookie's value in, its new value out.

/** The cookie holding the dismissed alerts' keys. */
export const DISMISSED_QUOTA_ALERTS_COOKIE = "pa_quota_dismissed";
/** A few periods' worth; older keys fall off. */
const MAX_KEYS = 24;

type AlertIdentity = { meter: string; threshold: number; period: string };

/** One crossing: a meter's threshold in a period. */
export const quotaAlertKey = (a: AlertIdentity) => `${a.meter}:${a.threshold}:${a.period}`;

/** The keys in a cookie value (anything unreadable counts as none). */
export function dismissedQuotaAlerts(cookie: string | undefined): Set<string> {
  if (!cookie) return new Set();
  try {
    return new Set(decodeURIComponent(cookie).split(",").filter(Boolean).slice(-MAX_KEYS));
  } catch {
    return new Set();
  }
}

/** The cookie value with `alerts` dismissed too. */
export function dismissQuotaAlerts(cookie: string | undefined, alerts: AlertIdentity[]): string {
  const keys = [...dismissedQuotaAlerts(cookie), ...alerts.map(quotaAlertKey)];
  return encodeURIComponent([...new Set(keys)].slice(-MAX_KEYS).join(","));
}
