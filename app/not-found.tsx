import Link from "next/link";

export default function NotFound() {
  return (
    <main className="shell-main">
      <div className="card empty">
        <h1>Page not found</h1>
        <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
        <Link className="button primary" href="/catalogue">
          Go to the catalogue
        </Link>
      </div>
    </main>
  );
}
