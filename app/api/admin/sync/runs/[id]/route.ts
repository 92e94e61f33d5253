import { z } from "zod";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { runView } from "@/lib/services/sync";

export const dynamic = "force-dynamic";

/** GET /api/admin/sync/runs/{id} — one run and its batches' progress. */
export const GET = route(
  { access: "admin", cli: true, params: z.object({ id: z.string().min(1).max(40) }) },
  async ({ params }) => {
    const run = await runView(params.id);
    if (!run) throw notFound("No such sync run.");
    return run;
  },
);
