import Link from "next/link";

export default function Forbidden() {
  return (
    <main className="shell-main">
      <div className="card empty">
        <h1>Not allowed</h1>
        <p>This area is for administrators. Ask an admin if you need access.</p>
        <Link className="button primary" href="/catalogue">
          Back to the catalogue
        </Link>
      </div>
    </main>
  );
}
