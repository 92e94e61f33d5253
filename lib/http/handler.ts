import "server-only";
import { NextResponse } from "next/server";
import { ZodError, type z } from "zod";
import { isAdmin } from "@/lib/auth/permissions";
import { type Caller, requestCaller } from "@/lib/auth/request-user";
import { isMutating, requiredScope, scopeAllows, type TokenScope } from "@/lib/auth/scopes";
import type { SessionUser } from "@/lib/domain/roles";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { metrics, routePattern } from "@/lib/metrics";
import { AppError, errorBody, forbidden, unauthorized } from "./errors";
import { jsonResponse } from "./json-response";
import {
  crossSite,
  declaresTooLarge,
  isJsonContentType,
  isSameOrigin,
  notJson,
  ownOrigins,
  readCappedText,
  tooLarge,
} from "./request-guard";

type Access = "public" | "user" | "admin";
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type Spec<P, Q, B> = {
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** false: personal tokens are refused (token management is for a signed-in person only) */
  tokens?: boolean;
  /** token scopes, any of which admits a personal token (default: the one requiredScope names) */
  scopes?: readonly TokenScope[];
  /** true: the local command-line token is accepted (the sync endpoints) */
  cli?: boolean;
  /** true: reachable while the user still has to replace a generated password */
  beforePasswordChange?: boolean;
};
type Context<A extends Access, P, Q, B> = {
  request: Request;
  user: A extends "public" ? null : SessionUser;
  caller: A extends "public" ? null : Caller;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
};

/** Zod issues as `{field: message}`, so a 400 names the field at fault. */
function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "request";
    out[key] ??= issue.message;
  }
  return out;
}

export function errorResponse(error: unknown): NextResponse {
  if (error instanceof AppError)
    return NextResponse.json(errorBody(error), { status: error.status, headers: error.headers });
  if (error instanceof ZodError) {
    const details = fieldErrors(error);
    const [field, message] = Object.entries(details)[0] ?? ["request", "invalid"];
    return NextResponse.json(
      errorBody(new AppError(400, "bad_request", `Invalid ${field}: ${message}`, details)),
      { status: 400 },
    );
  }
  log("api").error({ err: error }, "unhandled error in route");
  return NextResponse.json(errorBody(new AppError(500, "internal", "Something went wrong on our side.")), {
    status: 500,
  });
}

async function readBody(request: Request): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    // An empty body needs no type; anything else must say it is JSON.
    const text = await readCappedText(request);
    if (!text.trim()) return {};
    throw notJson();
  }
  const text = await readCappedText(request);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "bad_request", "The request body is not valid JSON.");
  }
}

/** A route that takes no body still reads at most the cap of one (and then ignores it). */
async function ignoreBody(request: Request): Promise<undefined> {
  if (request.body && isMutating(request.method)) await readCappedText(request);
  return undefined;
}

/** Who may call: credentials, then where a cookie-borne change comes from, then role and scope. */
async function authorize(request: Request, spec: Spec<unknown, unknown, unknown>): Promise<Caller> {
  const caller = await requestCaller(request);
  if (!caller) throw unauthorized();
  const method = request.method;
  if (caller.via === "session") {
    // Only the cookie rides along on a cross-site request: a change needs proof it is our page.
    if (
      isMutating(method) &&
      !isSameOrigin(request.headers, ownOrigins(request.url, request.headers, env().NEXTAUTH_URL))
    )
      throw crossSite();
    if (caller.user.mustChangePassword && !spec.beforePasswordChange)
      throw new AppError(403, "password_change_required", "Choose a new password first (Your account).");
  } else if (caller.via === "cli") {
    if (!spec.cli) throw forbidden("The local command-line token only reaches the sync endpoints.");
  } else {
    if (spec.tokens === false) throw forbidden("API tokens cannot manage API tokens; sign in instead.");
    const needed = spec.scopes ?? [requiredScope(spec.access, method)];
    if (!scopeAllows(caller.scopes, needed))
      throw forbidden(`This token lacks the "${needed.join('" or "')}" scope.`);
  }
  if (spec.access === "admin" && !isAdmin(caller.user)) throw forbidden("This needs the admin role.");
  return caller;
}

/**
 * Wraps a route handler: authenticate → check role → parse params, query and body with zod →
 * run → serialize. Errors of any kind leave as the one error shape.
 */
export function route<
  A extends Access,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(spec: Spec<P, Q, B> & { access: A }, handler: (ctx: Context<A, P, Q, B>) => Promise<unknown>) {
  return async (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => {
    const started = performance.now();
    const response = await handle(request, context);
    // Latency by route pattern (never the raw URL: its codes and ids would explode the labels).
    // Measuring never costs the caller its answer.
    try {
      const params = await Promise.resolve(context?.params).catch(() => undefined);
      metrics()
        .httpDuration.labels(
          routePattern(new URL(request.url).pathname, params),
          request.method,
          String(response.status),
        )
        .observe((performance.now() - started) / 1000);
    } catch (error) {
      log("api").warn(
        { err: error instanceof Error ? error.message : String(error) },
        "latency not recorded",
      );
    }
    return response;
  };
  async function handle(
    request: Request,
    context: { params: Promise<Record<string, string | string[]>> },
  ): Promise<Response> {
    try {
      if (declaresTooLarge(request.headers)) throw tooLarge();
      const caller = spec.access === "public" ? null : await authorize(request, spec);
      const url = new URL(request.url);
      const ctx = {
        request,
        caller,
        user: caller?.user ?? null,
        params: spec.params ? spec.params.parse(await context.params) : undefined,
        query: spec.query ? spec.query.parse(Object.fromEntries(url.searchParams)) : undefined,
        body: spec.body ? spec.body.parse(await readBody(request)) : await ignoreBody(request),
      } as Context<A, P, Q, B>;
      const result = await handler(ctx);
      if (result instanceof Response) return result;
      return typeof result === "object" && result !== null
        ? jsonResponse(request, result)
        : NextResponse.json(result);
    } catch (error) {
      return errorResponse(error);
    }
  }
}
