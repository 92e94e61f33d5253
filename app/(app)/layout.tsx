import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { requireUser } from "@/lib/auth/session";
import { unreadNotifications } from "@/lib/services/notifications";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const unread = await unreadNotifications(user);
  return (
    <AppShell user={user} unread={unread}>
      {children}
    </AppShell>
  );
}
