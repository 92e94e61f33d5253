import "server-only";
import bcrypt from "bcryptjs";

const ROUNDS = 11;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, ROUNDS);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** Spends the same time as a real check, so unknown accounts cannot be told apart by timing. */
const DUMMY_HASH = bcrypt.hashSync("not-a-real-password", ROUNDS);
export async function burnPasswordCheck(password: string): Promise<false> {
  await bcrypt.compare(password, DUMMY_HASH);
  return false;
}
