import "server-only";
import { forbidden, redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { findUserById } from "@/lib/db/users";
import type { SessionUser } from "@/lib/domain/roles";
import { authOptions } from "./options";

/**
 * The signed-in user, read fresh from the database so a disabled account or a changed role takes
 * effect at once, not when the session cookie expires.
 */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  const user = await findUserById(id);
  if (!user || user.disabled) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/** For pages and layouts: the user, or a redirect to the login page. */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/login");
  return user;
}

/** For admin pages and layouts: the admin, a redirect to login, or a 403 page. */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.role !== "admin") forbidden();
  return user;
}
