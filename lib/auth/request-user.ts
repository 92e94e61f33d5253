import "server-only";
import type { SessionUser } from "@/lib/domain/roles";
import { userForApiToken } from "./api-tokens";
import { currentUser } from "./session";

/** The caller of an API route: a bearer token (personal or CLI) or the session cookie. */
export async function requestUser(request: Request): Promise<SessionUser | null> {
  const header = request.headers.get("authorization");
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return userForApiToken(bearer);
  return currentUser();
}
