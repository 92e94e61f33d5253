import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { isAdmin } from "@/lib/auth/permissions";
import { requireUser } from "@/lib/auth/session";
import { DISMISSED_QUOTA_ALERTS_COOKIE } from "@/lib/domain/quota-alert-dismissal";
import { unreadNotifications } from "@/lib/services/notifications";
import { shellQuotaAlerts } from "@/lib/services/quota-alerts";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const [quotaAlerts, unread] = await Promise.all([
    isAdmin(user) ? shellQuotaAlerts((await cookies()).get(DISMISSED_QUOTA_ALERTS_COOKIE)?.value) : [],
    unreadNotifications(user),
  ]);
  return (
    <AppShell user={user} quotaAlerts={quotaAlerts} unread={unread}>
      {children}
    </AppShell>
  );
}
