import { route } from "@/lib/http/handler";
import { locationFactorsQuerySchema, locationFactorsRelative } from "@/lib/services/location-factors";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/location-factors?base=<country>&month=YYYY-MM[&asOf=YYYY-MM-DD] → every covered
 * country's factor relative to `base`, with the months used and how each was obtained.
 */
export const GET = route({ access: "user", query: locationFactorsQuerySchema }, async ({ query }) =>
  locationFactorsRelative(query),
);
