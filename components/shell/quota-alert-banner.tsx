import Link from "next/link";

export type ShellQuotaAlert = {
  meter: string;
  label: string;
  threshold: number;
  used: number;
  total: number;
};

/** Admins only: the quota thresholds crossed this period (the highest per meter). */
export function QuotaAlertBanner({ alerts }: { alerts: ShellQuotaAlert[] }) {
  if (alerts.length === 0) return null;
  const [first, ...rest] = alerts;
  if (!first) return null;
  return (
    <div className="alert warn shell-quota-alert" role="status" aria-label="Quota warning">
      Quota warning: {first.label} — {first.threshold} % used ({first.used.toLocaleString()} of{" "}
      {first.total.toLocaleString()}){rest.length > 0 && ` and ${rest.length} more`}.{" "}
      <Link href="/admin/quota">See the quotas</Link>
    </div>
  );
}
