import { route } from "@/lib/http/handler";
import { seriesParamsSchema } from "@/lib/services/series";
import { seriesVintages, vintagesQuerySchema } from "@/lib/services/vintages";

export const dynamic = "force-dynamic";

/** GET /api/v1/series/{service}/{code}/vintages[?a=&b=] → every vintage; the revisions from a to b. */
export const GET = route(
  { access: "user", params: seriesParamsSchema, query: vintagesQuerySchema },
  async ({ params, query }) => seriesVintages(params, query),
);
