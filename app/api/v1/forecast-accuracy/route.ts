import { route } from "@/lib/http/handler";
import { accuracyRanking, accuracyRankingQuerySchema } from "@/lib/services/vintages";

export const dynamic = "force-dynamic";

/** GET /api/v1/forecast-accuracy?service=&commodity=&country=&horizon= → series ranked by forecast error. */
export const GET = route({ access: "user", query: accuracyRankingQuerySchema }, async ({ query }) =>
  accuracyRanking(query),
);
