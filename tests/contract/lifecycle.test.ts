import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMonth } from "@/lib/domain/months";
import {
  type InfoRecord,
  startTestSimulator,
  type TestSimulator,
  type ValuesRecord,
} from "../helpers/simulator";

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator({ clock: "2026-10-20T18:00:00Z" });
});
afterAll(() => sim.close());

const info = async () => [
  ...(await sim.json<InfoRecord[]>("/industry_economics/v1/export/series")).map((r) => ({
    ...r,
    service: "industry_economics",
  })),
  ...(await sim.json<InfoRecord[]>("/energy_price/v1/export/series")).map((r) => ({
    ...r,
    service: "energy_price",
  })),
];
const byCode = (list: (InfoRecord & { service: string })[]) =>
  new Map(list.map((r) => [`${r.service}/${r.code}`, r]));

describe("a release", () => {
  let before: Map<string, InfoRecord & { service: string }>;
  let after: Map<string, InfoRecord & { service: string }>;
  const history = new Map<string, ValuesRecord>();

  beforeAll(async () => {
    before = byCode(await info());
    const sample = [...before.values()].filter((r) => r.service === "energy_price").slice(0, 400);
    for (let i = 0; i < sample.length; i += 40) {
      const codes = sample.slice(i, i + 40).map((r) => r.code);
      for (const rec of await sim.json<ValuesRecord[]>(
        `/energy_price/v1/export/series_hist/${codes.join(",")}`,
      )) {
        history.set(rec.code, rec);
      }
    }
    await sim.control("POST", "clock", { advance: "next-release" });
    after = byCode(await info());
  });

  it("adds a month of finals to monthly series and moves updated_at", () => {
    const monthly = [...after.values()].filter(
      (r) => r.commodity !== "Plant location factor" && !/^Discontinued/.test(r.remark_2),
    );
    let moved = 0;
    for (const r of monthly) {
      const old = before.get(`${r.service}/${r.code}`);
      if (!old) continue;
      expect(parseMonth(r.last_available_final)).toBe((parseMonth(old.last_available_final) as number) + 1);
      expect(r.updated_at > old.updated_at).toBe(true);
      moved++;
    }
    expect(moved).toBeGreaterThan(2500);
  });

  it("publishes location factors quarterly: unchanged between quarters", () => {
    const factors = [...after.values()].filter((r) => r.commodity === "Plant location factor");
    expect(factors.length).toBeGreaterThan(30);
    // November's release publishes October; the last quarter-end (September) is unchanged
    for (const r of factors) {
      expect(r.last_available_final).toBe("2026-09-01");
      expect(r.updated_at).toBe(before.get(`${r.service}/${r.code}`)?.updated_at);
    }
  });

  it("revises history for some series, flagging series_hist_changed, and the History call shows it", async () => {
    const revised = [...after.values()].filter(
      (r) => r.series_hist_changed && r.service === "energy_price" && history.has(r.code),
    );
    expect(revised.length).toBeGreaterThan(0);
    const r = revised[0] as InfoRecord;
    const [now] = await sim.json<ValuesRecord[]>(`/energy_price/v1/export/series_hist/${r.code}`);
    const old = history.get(r.code) as ValuesRecord;
    const oldByDate = new Map(old.series_final_values.map((p) => [p.date, p.value]));
    const changed = (now?.series_final_values ?? []).filter(
      (p) => oldByDate.has(p.date) && oldByDate.get(p.date) !== p.value,
    );
    // at least one changed month is older than the 13 months Series Values shows
    const cutoff = (parseMonth(r.last_available_final) as number) - 13;
    expect(changed.some((p) => (parseMonth(p.date) as number) < cutoff)).toBe(true);
  });

  it("discontinues some series with a remark naming the replacement, which is listed under a new code", () => {
    const discontinued = [...after.values()].filter((r) => /^Discontinued/.test(r.remark_2));
    expect(discontinued.length).toBeGreaterThan(0);
    for (const r of discontinued) {
      const code = /replaced by (\S+)$/.exec(r.remark_2)?.[1];
      expect(code).toMatch(/^\d+-\d+-\d+$/);
      const replacement = after.get(`${r.service}/${code}`);
      expect(replacement?.remark_2).toBe(`Replaces ${r.code}`);
      expect(replacement?.commodity).toBe(r.commodity);
      expect(replacement?.coverage).toBe(r.coverage);
    }
  });

  it("adds new assessments: codes listed now that were not before", () => {
    const added = [...after.keys()].filter((k) => !before.has(k));
    expect(added.length).toBeGreaterThan(0);
  });

  it("stops updating a discontinued series and drops it from Series Info three releases later", async () => {
    const gone = [...after.values()].find((r) => /^Discontinued/.test(r.remark_2)) as InfoRecord & {
      service: string;
    };
    const frozen = gone.last_available_final;
    await sim.control("POST", "clock", { advance: "next-release" });
    const next = byCode(await info());
    expect(next.get(`${gone.service}/${gone.code}`)?.last_available_final ?? frozen).toBe(frozen);
    for (let i = 0; i < 3; i++) await sim.control("POST", "clock", { advance: "next-release" });
    const later = byCode(await info());
    expect(later.has(`${gone.service}/${gone.code}`)).toBe(false);
    const res = await sim.json<ValuesRecord[]>(`/${gone.service}/v1/export/series/${gone.code}`);
    expect(res).toEqual([]);
  });
});
