import "server-only";
import { z } from "zod";
import { findUserByEmail } from "@/lib/db/users";

// Pieces shared by the admin list queries (ledger, audit, runs): paging, a time range, a user
// named by email or id.

export const pageField = z.coerce.number().int().min(1).max(100_000).default(1);

/** A date (YYYY-MM-DD, from the start of that UTC day) or a full ISO timestamp. */
export const instantField = z
  .string()
  .trim()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), "must be a date (YYYY-MM-DD) or an ISO timestamp")
  .transform((s) => new Date(s));

/** `to` as a date means "through that day": its end, exclusive. */
export const untilField = z
  .string()
  .trim()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), "must be a date (YYYY-MM-DD) or an ISO timestamp")
  .transform((s) => {
    const d = new Date(s);
    return /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(d.getTime() + 86_400_000) : d;
  });

/** The id of the account named by email or id; a name that matches nobody matches no rows. */
export async function userIdOf(who: string | undefined): Promise<string | undefined> {
  if (!who) return undefined;
  if (!who.includes("@")) return who;
  return (await findUserByEmail(who.toLowerCase()))?.id ?? "-nobody-";
}
