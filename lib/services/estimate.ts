import "server-only";
import { z } from "zod";
import { costIndexList, exchangeQuotes } from "@/lib/db/analyses";
import { codeSchema } from "@/lib/domain/codes";
import { estimate, type IndexSeries, inCurrencies } from "@/lib/domain/estimate";
import { unprocessable } from "@/lib/http/errors";
import { countryParam, monthParam } from "./analysis-params";
import { factorBetween } from "./location-factors";
import { cachedRead } from "./read-cache";
import { readSeries } from "./series";

// The escalation and relocation calculator: an amount at a month in one country, escalated with
// that country's plant construction cost index (a discontinued index is carried on by its
// replacement) and relocated with the location factor at the target month. From the database only.

export const estimateQuerySchema = z.object({
  amount: z.coerce.number().positive().max(1e15),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "must be a three-letter currency code"),
  month: monthParam,
  country: countryParam,
  targetMonth: monthParam,
  targetCountry: countryParam,
  index: codeSchema.optional(),
});
export type EstimateQuery = z.output<typeof estimateQuerySchema>;

type Listed = Awaited<ReturnType<typeof costIndexList>>[number];

/** The cost indices users can pick: one entry per country and sub-index, active ones first. */
export async function costIndices(): Promise<Listed[]> {
  return (await cachedRead("cost-index-list", async () => ({ items: await costIndexList() }))).items;
}

/** The index series to use, oldest predecessor first, newest replacement last. */
function chainFor(list: Listed[], q: EstimateQuery): Listed[] {
  let chosen: Listed | undefined;
  if (q.index) {
    chosen = list.find((i) => i.code === q.index);
    if (!chosen) throw unprocessable(`${q.index} is not a stored cost index.`, { field: "index" });
    if (chosen.coverage !== q.country)
      throw unprocessable(`The cost index ${q.index} covers ${chosen.coverage}, not ${q.country}.`, {
        field: "index",
      });
  } else {
    const inCountry = list.filter((i) => i.coverage === q.country);
    chosen =
      inCountry.find((i) => i.status === "active" && /overall/i.test(i.specification)) ??
      inCountry.find((i) => i.status === "active") ??
      inCountry[0];
    if (!chosen)
      throw unprocessable(`${q.country} has no stored plant construction cost index.`, {
        field: "country",
        countries: [...new Set(list.map((i) => i.coverage))],
      });
  }
  const byId = new Map(list.map((i) => [i.id, i]));
  const seen = new Set<number>([chosen.id]);
  let newest = chosen;
  while (newest.replacedById && byId.has(newest.replacedById) && !seen.has(newest.replacedById)) {
    newest = byId.get(newest.replacedById) as Listed;
    seen.add(newest.id);
  }
  const chain = [newest];
  for (;;) {
    const head = chain[0] as Listed;
    const older = list.find((i) => i.replacedById === head.id && !chain.includes(i));
    if (!older) break;
    chain.unshift(older);
  }
  return chain;
}

async function indexSeries(item: Listed): Promise<IndexSeries> {
  const s = await readSeries(null, { service: item.service, code: item.code }, {});
  return {
    code: item.code,
    country: item.coverage,
    specification: item.specification,
    points: [
      ...s.finals.map((p) => ({ month: p.date.slice(0, 7), value: p.value, forecast: false })),
      ...s.forecasts.map((p) => ({ month: p.date.slice(0, 7), value: p.value, forecast: true })),
    ],
  };
}

export async function runEstimate(q: EstimateQuery) {
  const list = await costIndices();
  const chain = chainFor(list, q);
  const series = await Promise.all(chain.map(indexSeries));
  let factor = null;
  if (q.targetCountry !== q.country) {
    const f = await factorBetween(q.country, q.targetCountry, q.targetMonth);
    for (const [country, field] of [
      [q.country, "country"],
      [q.targetCountry, "targetCountry"],
    ] as const)
      if (!f.covered.includes(country))
        throw unprocessable(`${country} is not covered by the stored location factors.`, {
          field,
          countries: f.covered,
        });
    factor = f.pair;
  }
  const r = estimate(q, series, factor);
  if (!r.ok) throw unprocessable(r.reason, { field: r.field });
  return {
    input: { ...q, index: chain.at(-1)?.code ?? null },
    index: chain.map((i) => ({
      service: i.service,
      code: i.code,
      assessment: i.assessment,
      status: i.status,
    })),
    steps: r.steps,
    forecast: r.forecast,
    // Cost indices and location factors are ratios without a currency: the result is in the
    // currency of the amount, and in every currency a series stored in both implies a rate for.
    results: inCurrencies(
      r.amount,
      q.currency,
      await exchangeQuotes(q.currency, new Date(`${q.targetMonth}-01T00:00:00Z`)),
    ),
  };
}
