// Read caches serve answers from memory until the data changes — on this instance or another.
import { afterAll, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { readSeries } from "@/lib/services/series";
import { dropScenarioDatabase, type Scenario, scenario } from "../helpers/sync-scenario";

let s: Scenario | undefined;
afterAll(async () => {
  await s?.close();
  await dropScenarioDatabase();
});

it(`keeps a series answer until another instance's write bumps the shared data version (${process.env.TEST_DB_KIND})`, async () => {
  s = await scenario({ size: 20 });
  expect((await s.sync()).status).toBe("done");
  const a = await prisma().assessment.findFirstOrThrow({ where: { service: "energy_price" } });
  const params = { service: "energy_price" as const, code: a.code };
  const first = await readSeries(null, params, {});
  const point = first.finals.at(-1);
  if (!point) throw new Error("no finals");

  // Another instance corrects that point: its write goes straight to the database...
  const changeValue = () => prisma().$executeRaw`
    UPDATE "Observation" o SET value = ${point.value + 1000}
    FROM "SeriesVariant" v
    WHERE o."variantId" = v.id AND v."assessmentId" = ${a.id} AND v."isDefault"
      AND o.month = ${new Date(`${point.date}T00:00:00Z`)} AND o."validTo" IS NULL`;
  expect(await changeValue()).toBe(1);
  // ...so until it bumps the data version, this instance keeps serving its cached answer (same object).
  await new Promise((r) => setTimeout(r, 1100));
  expect(await readSeries(null, params, {})).toBe(first);

  await prisma().$executeRaw`UPDATE "DataVersion" SET version = version + 1, "updatedAt" = now()`;
  await new Promise((r) => setTimeout(r, 1100));
  const after = await readSeries(null, params, {});
  expect(after).not.toBe(first);
  expect(after.finals.at(-1)?.value).toBe(point.value + 1000);
  expect(Object.isFrozen(after.finals)).toBe(true);
});
