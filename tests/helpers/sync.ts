// The real client, over HTTP, against a test simulator, on the simulator's clock.
import { VENDOR_CALENDAR } from "@/lib/domain/calendar";
import { databaseStores } from "@/lib/sync/upstream";
import { type ClientConfig, UpstreamClient } from "@/lib/upstream/client";
import type { Simulator } from "@/simulator/server";

export function testClient(sim: Simulator, overrides: Partial<ClientConfig> = {}): UpstreamClient {
  return new UpstreamClient(
    {
      baseUrl: sim.url,
      username: "demo",
      password: "demo",
      sandbox: false,
      timeoutMs: 5_000,
      ratePerSecond: 10,
      dailyQuota: 8000,
      seriesInfoMonthlyQuota: 10_000,
      // The simulator publishes at 10:00 Central; a client of the real vendor assumes 22:00.
      calendar: { ...VENDOR_CALENDAR, releaseAt: { hour: 10, minute: 0 } },
      maxAttempts: 4,
      maxWaitMs: 5_000,
      now: () => sim.state.clock.now(),
      ...overrides,
    },
    databaseStores,
  );
}
