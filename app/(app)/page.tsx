import type { Metadata } from "next";
import Link from "next/link";
import { compareHref, ListValues } from "@/components/bookmarks/list-values";
import { VendorCalendar } from "@/components/quota/vendor-calendar";
import { requireUser } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/domain/format";
import { calendarView } from "@/lib/services/calendar";
import { homeView } from "@/lib/services/home";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Home" };

export default async function HomePage() {
  const user = await requireUser();
  const home = await homeView(user);
  return (
    <div className="stack">
      <div className="page-head">
        <div>
          <h1>Welcome{user.name ? `, ${user.name}` : ""}</h1>
          <p>
            Next vendor release: <time dateTime={home.nextRelease}>{formatDateTime(home.nextRelease)}</time>
          </p>
        </div>
        <Link className="button primary" href="/catalogue">
          Search the catalogue
        </Link>
      </div>
      <section className="card stack" aria-labelledby="home-lists">
        <h2 id="home-lists">Your bookmark lists</h2>
        {home.lists.every((l) => l.items.length === 0) && (
          <p className="empty">
            Nothing bookmarked yet: use “Bookmark” on a series in the <Link href="/catalogue">catalogue</Link>
            .
          </p>
        )}
        {home.lists
          .filter((l) => l.items.length > 0)
          .map((l) => (
            <section key={l.id} className="stack" aria-label={`List ${l.name}`}>
              <div className="row">
                <h3>{l.name}</h3>
                {l.shared && <span className="badge">shared</span>}
                <Link className="button small" href={compareHref(l.items)}>
                  Open in Compare
                </Link>
              </div>
              <ListValues label={`Latest values in ${l.name}`} items={l.items} />
            </section>
          ))}
      </section>
      <VendorCalendar calendar={calendarView()} compact />
      <section className="card stack" aria-labelledby="home-recent">
        <h2 id="home-recent">Recently viewed</h2>
        {home.recent.length === 0 ? (
          <p className="empty">The series you open appear here.</p>
        ) : (
          <ul className="plain-list">
            {home.recent.map((r) => (
              <li key={r.id}>
                <Link href={`/series/${r.service}/${r.code}`}>
                  <span className="mono">{r.code}</span> {r.assessment}
                </Link>{" "}
                <span className="small muted">viewed {formatDateTime(r.viewedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
