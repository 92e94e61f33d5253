// A simulator on a free port for one test file, reached over HTTP like the real vendor.
import type { SimulatorInput } from "@/simulator/config";
import { type Simulator, startSimulator } from "@/simulator/server";

export type TestSimulator = Simulator & {
  /** the cached token (a new login once the simulator has refused it) */
  token(): Promise<string>;
  /** a fresh login, not cached */
  login(): Promise<string>;
  get(path: string, token?: string | null): Promise<Response>;
  json<T = unknown>(path: string): Promise<T>;
  control(method: string, path: string, body?: unknown): Promise<unknown>;
};

/** A quiet weekday outside every window. */
export const QUIET_TIME = "2026-11-20T18:00:00Z";

export async function startTestSimulator(options: SimulatorInput = {}): Promise<TestSimulator> {
  const sim = await startSimulator({ port: 0, control: true, clock: QUIET_TIME, ...options });
  let cached: Promise<string> | undefined;
  const login = async () => {
    const res = await fetch(`${sim.url}/access_token/v1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "demo" }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const token = () => {
    cached ??= login();
    return cached;
  };
  // With --transient-fault-rate, the cached-token calls retry a 500 or a 503 without Retry-After
  // once, as a client would; calls with a token of the test's own see every answer as it is.
  const retryTransient = sim.state.options.transientFaultRate > 0;
  const get = async (path: string, bearer?: string | null, retries = 2): Promise<Response> => {
    const auth = bearer === null ? undefined : (bearer ?? (await token()));
    const res = await fetch(`${sim.url}${path}`, {
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    });
    // Moving the simulated clock expires the cached token, and a token can be revoked after a
    // number of calls: log in again once, as a client would.
    if (res.status === 401 && bearer === undefined && cached && retries > 0) {
      cached = undefined;
      return get(path, undefined, retries - 1);
    }
    const transient =
      (res.status === 500 || res.status === 503) && !res.headers.has("retry-after") && retryTransient;
    if (transient && bearer === undefined && retries > 0) {
      await res.body?.cancel();
      return get(path, undefined, retries - 1);
    }
    return res;
  };
  return {
    ...sim,
    token,
    login,
    get: (path: string, bearer?: string | null) => get(path, bearer),
    async json<T>(path: string) {
      const res = await get(path);
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async control(method: string, path: string, body?: unknown) {
      const res = await fetch(`${sim.url}/_control/${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
  };
}

export type InfoRecord = {
  code: string;
  assessment: string;
  product: string;
  commodity: string;
  coverage: string;
  location: string;
  area: string;
  details: string;
  specification: string;
  available_currencies: string;
  available_units: string;
  default_currency: string;
  default_unit: string;
  has_forecast: boolean;
  has_preliminary: boolean;
  last_available_final: string;
  series_hist_changed: boolean;
  remark_1: string;
  remark_2: string;
  updated_at: string;
};

export type Point = { date: string; value: number };
export type ValuesRecord = {
  code: string;
  currency: string;
  unit: string;
  series_final_values: Point[];
  series_forecast_values: Point[];
  updated_at: string;
};
