import { route } from "@/lib/http/handler";
import { seriesParamsSchema } from "@/lib/services/series";
import { seriesForecastAccuracy } from "@/lib/services/vintages";

export const dynamic = "force-dynamic";

/** GET /api/v1/series/{service}/{code}/forecast-accuracy → past forecasts vs finals, error by horizon. */
export const GET = route({ access: "user", params: seriesParamsSchema }, async ({ params }) =>
  seriesForecastAccuracy(params),
);
