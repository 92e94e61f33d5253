import "server-only";
import { z } from "zod";
import { newTokenSchema, tokenParamsSchema } from "./api-tokens";
import {
  itemParamsSchema,
  listParamsSchema,
  listPatchSchema,
  newItemSchema,
  newListSchema,
} from "./bookmarks";
import { catalogueQuerySchema } from "./catalogue";
import { estimateQuerySchema } from "./estimate";
import { exportQuerySchema } from "./export";
import { locationFactorsQuerySchema } from "./location-factors";
import { feedQuerySchema, listChannelsSchema, markReadSchema } from "./notifications";
import { ADMIN_OPS } from "./openapi-admin";
import { limitsHistoryQuerySchema } from "./quota";
import { seriesParamsSchema, seriesQuerySchema } from "./series";
import { accuracyRankingQuerySchema, vintagesQuerySchema } from "./vintages";

// The OpenAPI description of /api/v1, generated from the zod schemas the route handlers parse
// with (zod's own JSON Schema output, input side), so it cannot drift from what they accept.

export type Op = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** what a 200 (or 201) answer holds */
  returns: string;
  file?: boolean;
  /** outside /api/v1: the admin API and the operations endpoint (the path is then under /api) */
  outsideV1?: boolean;
  /** what the answer is when it is not JSON */
  text?: string;
};

const OPS: Op[] = [
  {
    method: "get",
    path: "/catalogue",
    tag: "Catalogue",
    summary: "Search the catalogue",
    query: catalogueQuerySchema.extend({ facets: z.enum(["true", "false"]).optional() }),
    returns: "{items, total, page, pageSize[, facets]}",
  },
  {
    method: "get",
    path: "/series/{service}/{code}",
    tag: "Series",
    summary: "One series (finals and forecasts), at any vintage",
    params: seriesParamsSchema,
    query: seriesQuerySchema,
    returns:
      "{service, code, assessment, currency, unit, updatedAt, status, replacedBy, finals:[{date,value}], forecasts:[{date,value}]}",
  },
  {
    method: "get",
    path: "/series/{service}/{code}/vintages",
    tag: "Series",
    summary: "Every vintage of a series and the revisions between two (a, b: vintage dates)",
    params: seriesParamsSchema,
    query: vintagesQuerySchema,
    returns:
      "{vintages:[{date,lastFinal,newFinals,revised,forecasts}], comparison:{a,b,revisions:[{month,old,new,changePct}]}}",
  },
  {
    method: "get",
    path: "/series/{service}/{code}/forecast-accuracy",
    tag: "Series",
    summary: "Past forecasts beside the finals that arrived; error by horizon",
    params: seriesParamsSchema,
    returns:
      "{finals, vintages:[{date,lastFinal,points:[{month,horizon,forecast,final,errorPct}]}], byHorizon:[{horizon,count,mape,bias}], overall}",
  },
  {
    method: "get",
    path: "/forecast-accuracy",
    tag: "Analyses",
    summary: "Series ranked by forecast error",
    query: accuracyRankingQuerySchema,
    returns:
      "{horizon, series, items:[{service,code,assessment,commodity,country,vintages,count,mape,bias}]}",
  },
  {
    method: "get",
    path: "/location-factors",
    tag: "Analyses",
    summary: "Every covered country's location factor relative to a base country",
    query: locationFactorsQuerySchema,
    returns:
      "{base, month, asOf, countries, items:[{country,value,method,via,month,baseMonth,codes}], missing, unknownReference}",
  },
  {
    method: "get",
    path: "/tools/estimate",
    tag: "Analyses",
    summary:
      "Escalate an amount with a cost index and relocate it with a location factor; 422 when the data cannot answer",
    query: estimateQuerySchema,
    returns: "{input, index, steps:[…], forecast, results:[{currency,amount}]}",
  },
  {
    method: "get",
    path: "/export",
    tag: "Export",
    summary:
      "CSV or XLSX of a series, comparison, catalogue selection or analysis (kind=location-factors|estimate|vintages|forecast-accuracy take the parameters of their endpoints)",
    query: exportQuerySchema,
    returns: "a file",
    file: true,
  },
  {
    method: "get",
    path: "/limits",
    tag: "Usage",
    summary: "Remaining vendor quotas per service and dataset",
    returns: "per service and dataset: remaining/total and the app's ledger counts",
  },
  {
    method: "get",
    path: "/limits/history",
    tag: "Usage",
    summary:
      "This release period's data-limits reports per dataset, the app's spend beside them and the projection to the period's end; the daily and Series Info call quotas",
    query: limitsHistoryQuerySchema,
    returns:
      "{period, refresh, datasets:[{service,dataset,total,remaining,reports,appSpend,projection,reconciliation}], daily, seriesInfo}",
  },
  {
    method: "get",
    path: "/calendar",
    tag: "Usage",
    summary: "The vendor's windows ahead, the next releases, and whether an on-demand fetch can happen now",
    returns: "{now, timeZone, currentPeriod, nextRelease, releases, windows:[{kind,start,end}], onDemand}",
  },
  {
    method: "get",
    path: "/bookmarks",
    tag: "Bookmarks",
    summary: "Your lists and every shared list",
    returns: "{items}",
  },
  {
    method: "post",
    path: "/bookmarks",
    tag: "Bookmarks",
    summary: "A new list",
    body: newListSchema,
    returns: "the list",
  },
  {
    method: "patch",
    path: "/bookmarks/{id}",
    tag: "Bookmarks",
    summary: "Change a list (owner or admin)",
    params: listParamsSchema,
    body: listPatchSchema,
    returns: "the list",
  },
  {
    method: "delete",
    path: "/bookmarks/{id}",
    tag: "Bookmarks",
    summary: "Delete a list (owner or admin)",
    params: listParamsSchema,
    returns: "{ok}",
  },
  {
    method: "post",
    path: "/bookmarks/{id}/items",
    tag: "Bookmarks",
    summary: "Bookmark a series into a list",
    params: listParamsSchema,
    body: newItemSchema,
    returns: "the item",
  },
  {
    method: "delete",
    path: "/bookmarks/{id}/items/{itemId}",
    tag: "Bookmarks",
    summary: "Remove a bookmark",
    params: itemParamsSchema,
    returns: "{ok}",
  },
  {
    method: "get",
    path: "/tokens",
    tag: "Tokens",
    summary: "Your personal API tokens (never the secret)",
    returns: "{items}",
  },
  {
    method: "post",
    path: "/tokens",
    tag: "Tokens",
    summary: "A new personal API token; the secret is in this answer only",
    body: newTokenSchema,
    returns: "{id, name, prefix, token, expiresAt}",
  },
  {
    method: "delete",
    path: "/tokens/{id}",
    tag: "Tokens",
    summary: "Revoke one of your tokens",
    params: tokenParamsSchema,
    returns: "{ok}",
  },
  ...ADMIN_OPS,
  {
    method: "get",
    path: "/notifications",
    tag: "Notifications",
    summary: "Your notifications (release digests, admin alerts), newest first",
    query: feedQuerySchema,
    returns:
      "{items:[{id,kind,subject,summary,releasePeriod,createdAt,readAt,series:[{service,code,assessment,changes,newMonths,revisedMonths,replacement,href}]}], total, unread, page, pageSize}",
  },
  {
    method: "post",
    path: "/notifications/read",
    tag: "Notifications",
    summary: "Mark notifications read: some ({ids}) or all ({all: true})",
    body: markReadSchema,
    returns: "{updated, unread}",
  },
  {
    method: "put",
    path: "/bookmarks/{id}/notifications",
    tag: "Notifications",
    summary: "Choose the outgoing channels (email, webhook) for a list you see; in-app is always on",
    params: listParamsSchema,
    body: listChannelsSchema,
    returns: "{listId, email, webhook}",
  },
];

type JsonSchema = {
  properties?: Record<string, JsonSchema & { description?: string }>;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  [key: string]: unknown;
};

const jsonSchema = (s: z.ZodType): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
};

/** Query or path parameters from an object schema (a union's branches merged, required only if in all). */
function parameters(s: z.ZodType, where: "query" | "path") {
  const js = jsonSchema(s);
  const branches = js.oneOf ?? js.anyOf ?? [js];
  const props = new Map<string, JsonSchema>();
  const required = new Map<string, number>();
  for (const b of branches) {
    for (const [name, p] of Object.entries(b.properties ?? {})) if (!props.has(name)) props.set(name, p);
    for (const r of b.required ?? []) required.set(r, (required.get(r) ?? 0) + 1);
  }
  return [...props].map(([name, schema]) => ({
    name,
    in: where,
    required: where === "path" || required.get(name) === branches.length,
    schema,
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
  }));
}

const errorSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" }, details: {} },
    },
  },
};

export function openApiDocument(serverUrl = "/api/v1") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPS) {
    const answer = op.file
      ? { "text/csv": {}, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {} }
      : op.text
        ? { [op.text]: { schema: { type: "string" } } }
        : { "application/json": { schema: { type: "object", description: op.returns } } };
    // Paths outside /api/v1 name their own server (the same host, /api).
    paths[op.path] ??= op.outsideV1 ? { servers: [{ url: serverUrl.replace(/\/v1\/?$/, "") }] } : {};
    (paths[op.path] as Record<string, unknown>)[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      parameters: [
        ...(op.params ? parameters(op.params, "path") : []),
        ...(op.query ? parameters(op.query, "query") : []),
      ],
      ...(op.body
        ? {
            requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } },
          }
        : {}),
      responses: {
        [op.method === "post" && op.tag === "Tokens" ? "201" : "200"]: {
          description: op.returns,
          content: answer,
        },
        default: {
          description:
            "Any error: 400 bad parameters, 401, 403, 404, 409, 422 the data cannot answer, 429, 503",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Price Atlas API",
      version: "1",
      description:
        "The stored series and analyses of Price Atlas. Authenticate with the session cookie or `Authorization: Bearer <personal API token>`.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }, { session: [] }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token" },
      },
      schemas: { Error: errorSchema },
    },
    paths,
  };
}
