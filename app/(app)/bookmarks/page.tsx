import { BookmarkLists } from "@/components/bookmarks/bookmark-lists";
import { requireUser } from "@/lib/auth/session";
import { listBookmarks } from "@/lib/services/bookmarks";
import { listChannelChoices } from "@/lib/services/notifications";

export const dynamic = "force-dynamic";

export default async function BookmarksPage() {
  const user = await requireUser();
  const [lists, channels] = await Promise.all([listBookmarks(user), listChannelChoices(user)]);
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Bookmarks</h1>
      </div>
      <BookmarkLists lists={lists} channels={channels} />
    </div>
  );
}
