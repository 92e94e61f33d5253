import "server-only";
import { latestLocationFactors } from "@/lib/db/location-factors";
import { readReferenceCountry } from "@/lib/domain/wording";
import { cachedRead } from "./read-cache";

// Location factors side by side: each country's plant cost relative to a reference country (the
// vendor publishes them against the United States = 1 and some other pairs).
export const UNSTATED = "reference not stated";

export async function locationFactors(reference?: string) {
  const rows = await cachedRead("location-factors", async () => ({ rows: await latestLocationFactors() }));
  // Wording the reader cannot place is listed under "reference not stated", never under a guess.
  const referenceOf = (details: string | null) => readReferenceCountry(details) ?? UNSTATED;
  const references = [...new Set(rows.rows.map((r) => referenceOf(r.details)))].sort();
  const chosen =
    reference && references.includes(reference)
      ? reference
      : references.includes("United States")
        ? "United States"
        : references[0];
  return {
    references,
    reference: chosen ?? null,
    items: rows.rows
      .filter((r) => referenceOf(r.details) === chosen)
      .map((r) => ({
        service: r.service,
        code: r.code,
        country: r.coverage,
        value: r.value,
        details: r.details,
        month: r.month.toISOString().slice(0, 7),
      })),
  };
}
