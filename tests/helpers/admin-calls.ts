// Calling the app's route handlers in-process as a given caller, the session cookie stood in for
// by a mocked session (see tests/integration/security-routes.test.ts for the same approach).
import type { SessionUser } from "@/lib/domain/roles";

export type SessionHolder = { user: SessionUser | null };

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

export async function callRoute(
  session: SessionHolder,
  file: string,
  path: string,
  as: { user?: SessionUser | null; token?: string } = {},
): Promise<Response> {
  const mod = (await import(/* @vite-ignore */ `@/app/api/${file}`)) as Record<string, Handler>;
  const handler = mod.GET;
  if (!handler) throw new Error(`${file} has no GET`);
  const headers = new Headers({ host: "atlas.test" });
  if (as.token) headers.set("authorization", `Bearer ${as.token}`);
  session.user = as.user ?? null;
  try {
    // As Next does for a route without dynamic segments: no params promise at all.
    const noParams = { params: undefined as unknown as Promise<Record<string, string>> };
    return await handler(new Request(`http://atlas.test${path}`, { headers }), noParams);
  } finally {
    session.user = null;
  }
}
