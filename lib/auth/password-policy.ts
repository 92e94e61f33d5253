import "server-only";
import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords";

// Passwords people choose: at least 12 characters, at most 200, not one of the most common ones
// (nor one of them with digits or punctuation added), not the email address.
export const PASSWORD_MIN = 12;

const common = new Set(COMMON_PASSWORDS);

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const candidates = [
    lower,
    lower.replace(/[\W_]+$/, ""),
    lower.replace(/[\d\W_]+$/, "").replace(/^[\d\W_]+/, ""),
  ];
  return candidates.some((c) => c.length >= 4 && common.has(c));
}

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(200)
  .refine((p) => !isCommonPassword(p), "is too common; choose one that is not on lists of common passwords")
  .refine((p) => new Set(p).size >= 4, "uses too few different characters");
