import { route } from "@/lib/http/handler";
import { auditPage, auditQuerySchema } from "@/lib/services/audit-log";

export const dynamic = "force-dynamic";

/** GET /api/admin/audit?action=&actor=&from=&to=&page=&pageSize= — the audit log, newest first (admin). */
export const GET = route({ access: "admin", query: auditQuerySchema }, async ({ query }) => auditPage(query));
