import { z } from "zod";

export const ROLES = ["viewer", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** The signed-in person as the app sees them (never their password hash). */
export type SessionUser = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  /** a generated first password that must be replaced before anything else */
  mustChangePassword?: boolean;
};
