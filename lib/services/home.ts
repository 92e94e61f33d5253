import "server-only";
import { recentVisits } from "@/lib/db/latest-values";
import { nextReleaseAfter } from "@/lib/domain/calendar";
import type { SessionUser } from "@/lib/domain/roles";
import { vendorCalendar } from "@/lib/sync/upstream";
import { listBookmarks } from "./bookmarks";

// The home page after sign-in: the user's bookmark lists with their latest values, the series they
// opened last, and when the vendor publishes next.

export async function homeView(user: SessionUser) {
  const [lists, recent] = await Promise.all([listBookmarks(user), recentVisits(user.id, 8)]);
  return {
    // Own lists first, then the shared ones that hold something.
    lists: lists.filter((l) => l.mine || l.items.length > 0).sort((a, b) => Number(b.mine) - Number(a.mine)),
    recent: recent.map((v) => ({ ...v.assessment, viewedAt: v.lastViewedAt.toISOString() })),
    nextRelease: nextReleaseAfter(new Date(), vendorCalendar()).toISOString(),
  };
}
export type HomeView = Awaited<ReturnType<typeof homeView>>;
