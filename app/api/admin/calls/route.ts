import { route } from "@/lib/http/handler";
import { ledgerPage, ledgerQuerySchema } from "@/lib/services/ledger";

export const dynamic = "force-dynamic";

/**
 * GET /api/admin/calls?from=&to=&operation=&service=&outcome=&trigger=&user=&run=&page=&pageSize=
 * — the upstream call ledger, newest first, with the totals of the filtered set (admin).
 */
export const GET = route({ access: "admin", query: ledgerQuerySchema }, async ({ query }) =>
  ledgerPage(query),
);
