// Which data-limits dataset an assessment counts against. The specification only says the report
// is keyed by "dataset names" (its example uses countries; the vendor's own reports use regions
// whose names and members are not published), so nothing here guesses a name: a dataset is taken
// from what the vendor sends — a report key that is the country itself, a record field whose value
// is a report key, the report's only key — or from what was learned earlier by observing which key
// fell after a call, or from an admin. Anything else is unknown (null) and gets probed.
import { countryByName } from "./countries";
import { INFO_FIELDS } from "./info-fields";

export type DatasetSource = "report_key" | "record_field" | "single_key" | "observed" | "admin";

export type DatasetMatch = { dataset: string; source: DatasetSource; evidence: string };

/** Spec fields never read as a dataset name (free text, codes, dates, lists). */
const NEVER_A_DATASET = new Set([
  "code",
  "assessment",
  "specification",
  "remark_1",
  "remark_2",
  "details",
  "available_currencies",
  "available_units",
  "last_available_final",
  "updated_at",
]);

const norm = (v: string) => v.trim().toLowerCase();

export type ReportKeys = { keys: readonly string[]; byName: Map<string, string> };

export function reportKeys(keys: readonly string[]): ReportKeys {
  return { keys, byName: new Map(keys.map((k) => [norm(k), k])) };
}

/** The report key that is this country (by name or ISO code), if any. */
function keyForCountry(coverage: string, report: ReportKeys): string | undefined {
  const direct = report.byName.get(norm(coverage));
  if (direct) return direct;
  const country = countryByName(coverage);
  return country ? report.byName.get(norm(country.iso2)) : undefined;
}

/** A record field whose value is a report key: the vendor's added fields first, then the spec's. */
function keyFromFields(raw: Record<string, unknown>, report: ReportKeys): DatasetMatch | null {
  const fields = Object.keys(raw).filter((f) => !NEVER_A_DATASET.has(f));
  fields.sort((a, b) => Number(INFO_FIELDS.has(a)) - Number(INFO_FIELDS.has(b)));
  for (const field of fields) {
    const value = raw[field];
    if (typeof value !== "string") continue;
    const key = report.byName.get(norm(value));
    if (key) return { dataset: key, source: "record_field", evidence: `field ${field}` };
  }
  return null;
}

export type LearnedMapping = { dataset: string; source: DatasetSource; evidence?: string | null };

/**
 * The dataset of one assessment, or null when nothing the vendor sent or we learned says it.
 * `learned` is what the database holds for the assessment's coverage (observed or admin-set); a
 * learned key the report no longer has is ignored.
 */
export function resolveDataset(
  coverage: string,
  raw: Record<string, unknown>,
  report: ReportKeys,
  learned: LearnedMapping | undefined,
): DatasetMatch | null {
  const stillReported = learned ? report.byName.get(norm(learned.dataset)) : undefined;
  if (learned?.source === "admin" && stillReported)
    return { dataset: stillReported, source: "admin", evidence: learned.evidence ?? "set by an admin" };
  const own = keyForCountry(coverage, report);
  if (own) return { dataset: own, source: "report_key", evidence: "the report has a key for the country" };
  const field = keyFromFields(raw, report);
  if (field) return field;
  if (learned && stillReported)
    return { dataset: stillReported, source: learned.source, evidence: learned.evidence ?? "" };
  if (report.keys.length === 1 && report.keys[0])
    return { dataset: report.keys[0], source: "single_key", evidence: "the report has one key" };
  return null;
}

export type ReportCounts = Record<string, { remaining: number; total: number }>;

/**
 * What a probe call tells: the one key whose remaining count fell by exactly the codes the call was
 * answered for. Anything else (no key moved, several moved, a different amount) says nothing for sure.
 */
export function keyThatFell(
  before: ReportCounts,
  after: ReportCounts,
  answered: number,
): { dataset: string } | { inconclusive: string } {
  const fell = Object.entries(after)
    .map(([key, v]) => ({ key, drop: (before[key]?.remaining ?? v.remaining) - v.remaining }))
    .filter((d) => d.drop !== 0);
  if (fell.length === 0) return { inconclusive: "no key of the data-limits report moved after the call" };
  if (fell.length > 1)
    return {
      inconclusive: `several keys moved at once (${fell.map((f) => `${f.key} −${f.drop}`).join(", ")}); another caller may be spending the quota`,
    };
  const [only] = fell as [{ key: string; drop: number }];
  if (only.drop !== answered)
    return { inconclusive: `${only.key} fell by ${only.drop}, not by the ${answered} code(s) answered` };
  return { dataset: only.key };
}
