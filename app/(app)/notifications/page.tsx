import { NotificationFeedView } from "@/components/notifications/notification-feed";
import { requireUser } from "@/lib/auth/session";
import { feedQuerySchema, notificationFeed } from "@/lib/services/notifications";

export const dynamic = "force-dynamic";

export default async function NotificationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const raw = await searchParams;
  const parsed = feedQuerySchema.safeParse({
    unread: typeof raw.unread === "string" ? raw.unread : undefined,
    page: typeof raw.page === "string" ? raw.page : undefined,
  });
  const query = parsed.success ? parsed.data : feedQuerySchema.parse({});
  const feed = await notificationFeed(user, query);
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Notifications</h1>
        <p>
          One digest per release for the series in your lists and the shared lists: new data, revisions and
          discontinuations. Choose email or webhook per list on the Bookmarks page.
        </p>
      </div>
      <NotificationFeedView feed={feed} unreadOnly={query.unread} />
    </div>
  );
}
