import { route } from "@/lib/http/handler";
import { calendarView } from "@/lib/services/calendar";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/calendar — the vendor's windows ahead (maintenance, release day), the next
 * releases, the current release period, and whether an on-demand fetch can happen now.
 */
export const GET = route({ access: "user" }, async () => calendarView());
