// `npm audit --omit=dev`: fails on a high or critical advisory in a runtime dependency. When the
// advisory service cannot be reached (an offline mirror answers 405), it says so and, unless
// AUDIT_REQUIRED=1, lets the run go on: no answer is not a finding.
import { spawnSync } from "node:child_process";

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", shell: false });
let report;
try {
  report = JSON.parse(run.stdout || "{}");
} catch {
  report = {};
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const why = report.message ?? report.error?.summary ?? (run.stderr || "no answer").trim().split("\n").pop();
  console.log(`npm audit: the advisory service gave no report (${why}).`);
  process.exit(process.env.AUDIT_REQUIRED === "1" ? 1 : 0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit (runtime dependencies): ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
if (serious > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {}))
    if (v.severity === "high" || v.severity === "critical")
      console.log(`  ${v.severity}: ${name} (${v.range})`);
  process.exit(1);
}
