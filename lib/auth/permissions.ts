// Who may do what. Pages and routes ask here rather than comparing roles themselves.
import type { SessionUser } from "@/lib/domain/roles";

export const isAdmin = (user: SessionUser) => user.role === "admin";
export const canRunSync = isAdmin;
export const canManageUsers = isAdmin;
export const canEditSettings = isAdmin;
export const canViewUsage = isAdmin;

/** A bookmark list can be changed by its owner, and by admins when it is shared. */
export function canEditList(user: SessionUser, list: { ownerId: string; shared: boolean }): boolean {
  return list.ownerId === user.id || (list.shared && isAdmin(user));
}

export function canSeeList(user: SessionUser, list: { ownerId: string; shared: boolean }): boolean {
  return list.shared || list.ownerId === user.id;
}
