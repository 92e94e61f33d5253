"use client";

export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <main className="shell-main">
      <div className="card empty" role="alert">
        <h1>Something went wrong</h1>
        <p>The page could not be shown. Try again; if it keeps happening, tell an administrator.</p>
        {error.digest && <p className="small mono">Reference: {error.digest}</p>}
        <button type="button" className="button primary" onClick={reset}>
          Try again
        </button>
      </div>
    </main>
  );
}
