import "server-only";
import { NextResponse } from "next/server";
import { ZodError, type z } from "zod";
import { requestUser } from "@/lib/auth/request-user";
import type { SessionUser } from "@/lib/domain/roles";
import { log } from "@/lib/log";
import { AppError, errorBody, forbidden, unauthorized } from "./errors";
import { jsonResponse } from "./json-response";

type Access = "public" | "user" | "admin";
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type Spec<P, Q, B> = { access: Access; params?: P; query?: Q; body?: B };
type Context<A extends Access, P, Q, B> = {
  request: Request;
  user: A extends "public" ? null : SessionUser;
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
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "bad_request", "The request body is not valid JSON.");
  }
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
    try {
      const user = spec.access === "public" ? null : await requestUser(request);
      if (spec.access !== "public" && !user) throw unauthorized();
      if (spec.access === "admin" && user?.role !== "admin") throw forbidden("This needs the admin role.");
      const url = new URL(request.url);
      const ctx = {
        request,
        user,
        params: spec.params ? spec.params.parse(await context.params) : undefined,
        query: spec.query ? spec.query.parse(Object.fromEntries(url.searchParams)) : undefined,
        body: spec.body ? spec.body.parse(await readBody(request)) : undefined,
      } as Context<A, P, Q, B>;
      const result = await handler(ctx);
      if (result instanceof Response) return result;
      return typeof result === "object" && result !== null
        ? jsonResponse(request, result)
        : NextResponse.json(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
