// `npm run bench:scale`: N real instances (`npm start`) on one PostgreSQL and one simulator, all
// running the scheduler, 50 clients asking every instance for renderings that need on-demand
// fetches while the first sync runs, and the sync's holder killed with SIGKILL mid-run. Figures from
// the simulator's own counters and the shared ledger; baseline in the same run: one instance alone,
// nothing killed. BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres).
import { setProcessEnv } from "@/lib/env";
import { runScaleScenario, type ScaleFigures } from "../../tests/helpers/scale-scenario";
import { table } from "./http-load";

setProcessEnv({ LOG_LEVEL: "silent" });
const url = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const size = Number(process.env.BENCH_SCALE_SIZE ?? 1500);

function row(label: string, f: ScaleFigures): (string | number)[] {
  const peaks = Object.entries(f.peakPerSecond)
    .map(([op, n]) => `${op} ${n}`)
    .join(", ");
  return [
    label,
    `${f.answered} / ${f.requests}`,
    peaks,
    f.logins,
    f.rateLimited,
    f.quotaRefused,
    f.ledgerDataRequests,
    f.minimumDataRequests,
    f.vendorDataRequests,
    f.maxPaidPerRendering,
    f.runStatus,
    f.seconds.toFixed(0),
  ];
}

async function main() {
  const simulator = { size, latencyMs: 100, seed: 7 };
  const common = { databaseUrl: url, clients: 50, requestsPerClient: 4, simulator };
  const one = await runScaleScenario({ ...common, instances: 1, firstPort: 3610, kill: false });
  const three = await runScaleScenario({ ...common, instances: 3, firstPort: 3620, kill: true });
  console.log(`\nScale-out: ${size} assessments, 50 clients × 4 on-demand requests during the first sync\n`);
  table(
    [
      "run",
      "answered / asked",
      "peak requests in any second, per operation (limit 10)",
      "logins",
      "429s",
      "403s",
      "data requests (ledger)",
      "minimum",
      "counted by the vendor",
      "max paid per rendering",
      "run",
      "s",
    ],
    [row("baseline: 1 instance, nothing killed", one), row("3 instances, sync holder killed mid-run", three)],
  );
  console.log(
    "\nThe vendor counts beyond the ledger only the calls the killed instance had in flight (sent, answered, never received).",
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
