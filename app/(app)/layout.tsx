import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { isAdmin } from "@/lib/auth/permissions";
import { requireUser } from "@/lib/auth/session";
import { unreadNotifications } from "@/lib/services/notifications";
import { currentQuotaAlerts } from "@/lib/services/quota-alerts";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const [quotaAlerts, unread] = await Promise.all([
    isAdmin(user) ? currentQuotaAlerts() : [],
    unreadNotifications(user),
  ]);
  return (
    <AppShell user={user} quotaAlerts={quotaAlerts} unread={unread}>
      {children}
    </AppShell>
  );
}
