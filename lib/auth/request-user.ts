import "server-only";
import type { SessionUser } from "@/lib/domain/roles";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/http/client-address";
import { callerForBearer } from "./api-tokens";
import { currentUser } from "./session";

/** Who is calling an API route, and how: the session cookie, a personal token, or the local CLI token. */
export type Caller =
  | { via: "session"; user: SessionUser }
  | { via: "token"; user: SessionUser; scopes: string[] }
  | { via: "cli"; user: SessionUser };

export function bearerOf(request: Request): string | null {
  const header = request.headers.get("authorization");
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/** The caller, or null when the request carries no valid credential. */
export async function requestCaller(request: Request): Promise<Caller | null> {
  const bearer = bearerOf(request);
  if (bearer)
    return callerForBearer(bearer, clientAddress(request.headers, env().TRUSTED_PROXY_COUNT), new Date());
  const user = await currentUser();
  return user ? { via: "session", user } : null;
}

/** The caller of an API route as a user: a bearer token (personal or CLI) or the session cookie. */
export async function requestUser(request: Request): Promise<SessionUser | null> {
  return (await requestCaller(request))?.user ?? null;
}
