import "server-only";
// Who may do what. Pages and routes ask here rather than comparing roles themselves.
import type { SessionUser } from "@/lib/domain/roles";

export const isAdmin = (user: SessionUser) => user.role === "admin";

type ListAccess = { ownerId: string; shared: boolean; editorIds: string[] };

/** A bookmark list is changed by its owner and the editors the owner named; admins may too. */
export function canEditList(user: SessionUser, list: ListAccess): boolean {
  return list.ownerId === user.id || list.editorIds.includes(user.id) || isAdmin(user);
}

/** Whether a change is an admin's override (not the owner's nor an editor's): it is audited. */
export function isAdminOverride(user: SessionUser, list: ListAccess): boolean {
  return list.ownerId !== user.id && !list.editorIds.includes(user.id) && isAdmin(user);
}

/** Who is an editor is the owner's choice (or an admin's). */
export function canChooseEditors(user: SessionUser, list: ListAccess): boolean {
  return list.ownerId === user.id || isAdmin(user);
}

export function canSeeList(user: SessionUser, list: { ownerId: string; shared: boolean }): boolean {
  return list.shared || list.ownerId === user.id;
}
