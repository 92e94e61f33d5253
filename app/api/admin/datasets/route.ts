import { route } from "@/lib/http/handler";
import {
  clearDatasetMapping,
  clearDatasetMappingSchema,
  datasetMappingSchema,
  datasetOverview,
  setDatasetMapping,
} from "@/lib/services/datasets";

export const dynamic = "force-dynamic";

/** GET /api/admin/datasets — each coverage's quota dataset, how it was learned, the report's keys. */
export const GET = route({ access: "admin" }, async () => datasetOverview());

/** PUT /api/admin/datasets {service, coverage, dataset} — correct a coverage's dataset. */
export const PUT = route({ access: "admin", body: datasetMappingSchema }, async ({ user, body }) =>
  setDatasetMapping(user, body),
);

/** DELETE /api/admin/datasets {service, coverage} — drop a correction; the next sync learns it again. */
export const DELETE = route({ access: "admin", body: clearDatasetMappingSchema }, async ({ user, body }) =>
  clearDatasetMapping(user, body),
);
