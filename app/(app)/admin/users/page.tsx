import type { Metadata } from "next";
import { UsersPanel } from "@/components/admin/users-panel";
import { requireAdmin } from "@/lib/auth/session";
import { listUsers } from "@/lib/services/users";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const admin = await requireAdmin();
  const users = await listUsers();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Users</h1>
          <p>Everyone who can sign in. Viewers read everything; admins also run syncs and manage users.</p>
        </div>
      </div>
      <UsersPanel
        currentUserId={admin.id}
        users={users.map((u) => ({ ...u, lastLoginAt: u.lastLoginAt?.toISOString() ?? null }))}
      />
    </>
  );
}
