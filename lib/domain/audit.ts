// The audit log's one vocabulary: every action the app records, named `area.verb`. Writers and the
// admin page's filter both read this list, so a new action is added here first.
import { z } from "zod";

export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "account.password_change",
  "account.sign_out_everywhere",
  "user.create",
  "user.update",
  "user.role_change",
  "user.disable",
  "user.enable",
  "user.password_reset",
  "token.create",
  "token.revoke",
  "settings.update",
  "dataset.map",
  "dataset.unmap",
  "sync.start",
  "limits.refresh",
  "notifications.test",
  "bookmarks.admin_change",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "auth.sign_in": "Sign-in",
  "auth.sign_in_failed": "Failed sign-in",
  "account.password_change": "Own password changed",
  "account.sign_out_everywhere": "Signed out everywhere",
  "user.create": "User created",
  "user.update": "User updated",
  "user.role_change": "Role changed",
  "user.disable": "User disabled",
  "user.enable": "User enabled",
  "user.password_reset": "Password reset by an admin",
  "token.create": "API token created",
  "token.revoke": "API token revoked",
  "settings.update": "Settings changed",
  "dataset.map": "Quota dataset set",
  "dataset.unmap": "Quota dataset cleared",
  "sync.start": "Sync started",
  "limits.refresh": "Vendor's quota report asked",
  "notifications.test": "Test message sent",
  "bookmarks.admin_change": "Admin changed another's list",
};

/**
 * Where an audit row's target can be opened: a sync run's page, or the users page for a change to
 * a user (its target is the user's email). Null: the target is shown as text (an email of a failed
 * sign-in need not be a user, a token id has no page).
 */
export function auditTargetHref(action: string, target: string | null): string | null {
  if (!target) return null;
  if (action === "sync.start" && /^[\w-]{1,40}$/.test(target))
    return `/admin/runs/${encodeURIComponent(target)}`;
  if (action.startsWith("user.")) return "/admin/users";
  return null;
}

/** Detail keys that must never be stored, whatever a caller passes (passwords, tokens, secrets). */
const SECRET_KEY = /pass(word)?|token|secret|hash|authorization|cookie/i;

/** The details with any secret-looking key replaced by "set", recursively. */
export function scrubAuditDetails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubAuditDetails);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, SECRET_KEY.test(k) ? "set" : scrubAuditDetails(v)]),
  );
}

/** The keys whose values differ, as `{key: {from, to}}` (what a settings change audits). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): Record<string, { from: unknown; to: unknown }> {
  return Object.fromEntries(
    Object.keys(after)
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      .map((k) => [k, { from: before[k], to: after[k] }]),
  );
}
