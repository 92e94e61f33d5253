import { route } from "@/lib/http/handler";
import { readSeries, seriesParamsSchema, seriesQuerySchema } from "@/lib/services/series";

export const dynamic = "force-dynamic";

/** GET /api/v1/series/{service}/{code}?currency=&unit=&from=YYYY-MM&to=YYYY-MM&asOf=YYYY-MM-DD */
export const GET = route(
  { access: "user", params: seriesParamsSchema, query: seriesQuerySchema },
  async ({ user, params, query }) => readSeries(user, params, query),
);
