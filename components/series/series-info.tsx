import { fieldLabel, formatMonth } from "@/lib/domain/format";
import { vendorAddedFields } from "@/lib/domain/info-fields";
import { KIND_LABELS } from "@/lib/domain/services";

type Info = {
  product: string;
  commodity: string;
  coverage: string;
  location: string;
  area: string | null;
  details: string | null;
  specification: string;
  kind: keyof typeof KIND_LABELS;
  defaultCurrency: string;
  defaultUnit: string;
  availableCurrencies: string[];
  availableUnits: string[];
  hasForecast: boolean;
  hasPreliminary: boolean;
  lastAvailableFinal: Date | null;
  seriesHistChanged: boolean;
  remark1: string;
  remark2: string | null;
  upstreamUpdatedAt: Date | null;
  dataset: string | null;
  syncIssue: string | null;
  raw: unknown;
};

/** Every field of the vendor's info record. */
export function SeriesInfo({ assessment: a }: { assessment: Info }) {
  const d = (x: Date | null) => x?.toISOString().slice(0, 10) ?? "—";
  const fields: [string, string][] = [
    ["Kind", KIND_LABELS[a.kind]],
    ["Product", a.product],
    ["Commodity", a.commodity],
    ["Country", a.coverage],
    ["Location", a.location],
    ["Area", a.area ?? "N/A"],
    ["Details", a.details ?? "N/A"],
    ["Specification", a.specification],
    ["Default currency / unit", `${a.defaultCurrency} / ${a.defaultUnit}`],
    ["Available currencies", a.availableCurrencies.join(", ") || "N/A"],
    ["Available units", a.availableUnits.join(", ") || "N/A"],
    ["Forecast", a.hasForecast ? "yes" : "no"],
    ["Preliminary values", a.hasPreliminary ? "yes" : "no"],
    ["Last final", a.lastAvailableFinal ? formatMonth(d(a.lastAvailableFinal)) : "—"],
    ["History revised", a.seriesHistChanged ? "yes" : "no"],
    ["Remark 1", a.remark1],
    ["Remark 2", a.remark2 ?? "N/A"],
    ["Updated", d(a.upstreamUpdatedAt)],
    ["Quota dataset", a.dataset ?? "not known yet (learned at the next sync)"],
    ...(a.syncIssue ? [["Not loaded because", a.syncIssue] as [string, string]] : []),
    // Fields the vendor added since the spec: named in words, the vendor's own name kept beside.
    ...vendorAddedFields(a.raw).map(
      ([k, v]) => [`${fieldLabel(k)} (vendor field “${k}”)`, v] as [string, string],
    ),
  ];
  return (
    <section className="card" aria-labelledby="info-heading">
      <h2 id="info-heading">About this series</h2>
      <dl className="info">
        {fields.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
