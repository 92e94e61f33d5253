"use client";

import Link from "next/link";
import { useState } from "react";
import { DISMISSED_QUOTA_ALERTS_COOKIE, dismissQuotaAlerts } from "@/lib/domain/quota-alert-dismissal";

export type ShellQuotaAlert = {
  meter: string;
  label: string;
  threshold: number;
  period: string;
  used: number;
  total: number;
};

const DAYS_40 = 40 * 24 * 3600;

function readCookie(name: string): string | undefined {
  return document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/**
 * Admins only: the quota thresholds crossed this period (the highest per meter). Dismissed, it stays
 * away until another threshold is crossed (the server leaves dismissed crossings out).
 */
export function QuotaAlertBanner({ alerts }: { alerts: ShellQuotaAlert[] }) {
  const [dismissed, setDismissed] = useState(false);
  const [first, ...rest] = alerts;
  if (!first || dismissed) return null;
  const dismiss = () => {
    const value = dismissQuotaAlerts(readCookie(DISMISSED_QUOTA_ALERTS_COOKIE), alerts);
    const secure = location.protocol === "https:" ? "; secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference the server reads; no API needed
    document.cookie = `${DISMISSED_QUOTA_ALERTS_COOKIE}=${value}; path=/; max-age=${DAYS_40}; samesite=lax${secure}`;
    setDismissed(true);
  };
  return (
    <div className="alert warn shell-quota-alert row" role="status" aria-label="Quota warning">
      <span>
        Quota warning: {first.label} — {first.threshold} % used ({first.used.toLocaleString("en")} of{" "}
        {first.total.toLocaleString("en")}){rest.length > 0 && ` and ${rest.length} more`}.{" "}
        <Link href="/admin/quota">See the quotas</Link>
      </span>
      <button type="button" className="button small" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
