import { route } from "@/lib/http/handler";
import { openApiDocument } from "@/lib/services/openapi";

export const dynamic = "force-dynamic";

/** GET /api/v1/openapi.json — the OpenAPI 3.1 description of /api/v1, from the handlers' zod schemas. */
export const GET = route({ access: "user" }, async () => openApiDocument());
