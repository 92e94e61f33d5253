import { z } from "zod";
import { route } from "@/lib/http/handler";
import { catalogueQuerySchema, listCatalogue } from "@/lib/services/catalogue";

export const dynamic = "force-dynamic";

const query = catalogueQuerySchema.extend({ facets: z.enum(["true", "false"]).optional() });

/**
 * GET /api/v1/catalogue?q=&service=&kind=&commodity=&country=&location=&currency=&unit=&status=
 * &hasForecast=&sort=&dir=&page=&pageSize=[&facets=true] → {items, total, page, pageSize[, facets]}
 */
export const GET = route({ access: "user", query }, async ({ query: { facets, ...q } }) =>
  listCatalogue(q, facets === "true"),
);
