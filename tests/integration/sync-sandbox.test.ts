import { afterAll, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { dropScenarioDatabase, type Scenario, scenario } from "../helpers/sync-scenario";

let s: Scenario | undefined;
afterAll(async () => {
  await s?.close();
  await dropScenarioDatabase();
});

it(`syncs from the sandbox endpoints: same shapes, dummy negative values, no code quota (${process.env.TEST_DB_KIND})`, async () => {
  s = await scenario({ size: 60 });
  const result = await s.sync({}, { sandbox: true });
  expect(result.status).toBe("done");
  const calls = await prisma().upstreamCall.findMany();
  expect(calls.every((c) => c.sandbox)).toBe(true);
  expect(calls.some((c) => c.operation === "data_limits")).toBe(false); // the sandbox has none
  const values = await prisma().observation.findMany({ take: 500 });
  expect(values.length).toBeGreaterThan(0);
  expect(values.every((o) => o.value < 0)).toBe(true);
  // Sandbox calls spend none of the real subscription's code quota.
  const stats = (await s.sim.control("GET", "state")) as { stats: unknown };
  expect(JSON.stringify(stats.stats)).toContain("sandbox");
});
