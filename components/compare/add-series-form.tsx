"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useState, useTransition } from "react";
import { z } from "zod";

// Adds a series to the comparison by searching the catalogue (words, a country, a code): the
// matches show as a list, each with an Add button. The comparison lives in the URL (`s`).

const matchesSchema = z.object({
  items: z.array(
    z.object({
      service: z.string(),
      code: z.string(),
      assessment: z.string(),
      defaultCurrency: z.string(),
      defaultUnit: z.string(),
    }),
  ),
  total: z.number(),
});
type Match = z.infer<typeof matchesSchema>["items"][number];

const SEARCH_DELAY_MS = 250;

export function AddSeriesForm({ max }: { max: number }) {
  const router = useRouter();
  const params = useSearchParams();
  const listId = useId();
  const [q, setQ] = useState("");
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [status, setStatus] = useState("");
  const [pending, startTransition] = useTransition();
  const current = (params.get("s") ?? "").split(",").filter(Boolean);

  useEffect(() => {
    const words = q.trim();
    if (words.length < 2) {
      setMatches(null);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      setStatus("Searching…");
      try {
        const query = new URLSearchParams({ q: words, pageSize: "8" });
        const res = await fetch(`/api/v1/catalogue?${query}`, { signal: abort.signal });
        const parsed = matchesSchema.safeParse(await res.json());
        if (!res.ok || !parsed.success) throw new Error("search failed");
        setMatches(parsed.data.items);
        setStatus(`${parsed.data.total.toLocaleString()} match${parsed.data.total === 1 ? "" : "es"}`);
      } catch (error) {
        if (!abort.signal.aborted) setStatus("The search failed; try again.");
        if (!(error instanceof DOMException)) setMatches([]);
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q]);

  const add = (m: Match) => {
    const next = new URLSearchParams(params.toString());
    next.set("s", [...current, `${m.service}:${m.code}`].slice(0, max).join(","));
    startTransition(() => router.push(`/compare?${next.toString()}`, { scroll: false }));
    setQ("");
    setMatches(null);
    setStatus(`Added ${m.code}.`);
  };
  const full = current.length >= max;
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="add-series">Add a series</label>
        <input
          id="add-series"
          type="search"
          value={q}
          disabled={full}
          aria-controls={listId}
          placeholder={full ? `At most ${max} series` : "search: words, country, code…"}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <p role="status" className="small muted">
        {pending ? "Loading…" : status}
      </p>
      {matches && (
        <ul id={listId} className="stack" aria-label="Matching series">
          {matches.length === 0 && <li className="muted">Nothing matches.</li>}
          {matches.map((m) => {
            const key = `${m.service}:${m.code}`;
            const added = current.includes(key);
            return (
              <li key={key} className="row">
                <button
                  type="button"
                  className="button small"
                  disabled={added || full}
                  onClick={() => add(m)}
                  aria-label={`Add ${m.code} ${m.assessment}`}
                >
                  {added ? "Added" : "Add"}
                </button>
                <span className="mono">{m.code}</span> {m.assessment}
                <span className="small muted">
                  {m.defaultCurrency} / {m.defaultUnit}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
