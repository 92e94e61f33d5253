// Turns a vendor Series Info record into the row Price Atlas stores (pure).

import { datasetFor } from "@/lib/domain/countries";
import { dayToDate } from "@/lib/domain/months";
import { parseList } from "@/lib/domain/reference";
import type { AssessmentKind, ServiceName } from "@/lib/domain/services";
import { type InfoRecord, lagFromRemark, noneToNull } from "@/lib/upstream/schemas";

export type AssessmentRow = {
  service: ServiceName;
  code: string;
  assessment: string;
  product: string;
  commodity: string;
  coverage: string;
  location: string;
  area: string | null;
  details: string | null;
  specification: string;
  availableCurrencies: string[];
  availableUnits: string[];
  defaultCurrency: string;
  defaultUnit: string;
  hasForecast: boolean;
  hasPreliminary: boolean;
  lastAvailableFinal: Date | null;
  seriesHistChanged: boolean;
  remark1: string;
  remark2: string | null;
  lagMonths: number | null;
  upstreamUpdatedAt: Date | null;
  kind: AssessmentKind;
  dataset: string;
  searchText: string;
  /** code of the replacement when the vendor says the series is discontinued */
  replacedByCode: string | null;
  discontinued: boolean;
  raw: InfoRecord;
};

export function assessmentKind(service: ServiceName, commodity: string): AssessmentKind {
  if (service === "energy_price") return "energy";
  if (/cost index/i.test(commodity)) return "cost_index";
  if (/location factor/i.test(commodity)) return "location_factor";
  return "utility";
}

export function toAssessmentRow(
  service: ServiceName,
  r: InfoRecord,
  datasetKeys: readonly string[],
): AssessmentRow {
  const remark2 = noneToNull(r.remark_2);
  const replaced = remark2 ? /replaced by\s+(\d{1,9}-\d{1,9}-\d{1,9})/i.exec(remark2) : null;
  const discontinued = Boolean(remark2 && /discontinued/i.test(remark2));
  const searchText = [
    r.code,
    r.assessment,
    r.commodity,
    r.coverage,
    r.location,
    r.specification,
    r.area,
    r.details,
    r.product,
  ]
    .filter((v) => v && v !== "N/A")
    .join(" ")
    .toLowerCase();
  return {
    service,
    code: r.code,
    assessment: r.assessment,
    product: r.product,
    commodity: r.commodity,
    coverage: r.coverage,
    location: r.location,
    area: noneToNull(r.area),
    details: noneToNull(r.details),
    specification: r.specification,
    availableCurrencies: parseList(r.available_currencies),
    availableUnits: parseList(r.available_units),
    defaultCurrency: r.default_currency || "N/A",
    defaultUnit: r.default_unit || "N/A",
    hasForecast: r.has_forecast,
    hasPreliminary: r.has_preliminary,
    lastAvailableFinal: dayToDate(r.last_available_final),
    seriesHistChanged: r.series_hist_changed,
    remark1: r.remark_1,
    remark2,
    lagMonths: lagFromRemark(r.remark_1),
    upstreamUpdatedAt: dayToDate(r.updated_at),
    kind: assessmentKind(service, r.commodity),
    dataset: datasetFor(r.coverage, datasetKeys),
    searchText,
    replacedByCode: replaced?.[1] ?? null,
    discontinued,
    raw: r,
  };
}

/** Whether anything a user or the planner cares about changed since the stored row. */
export function rowChanged(
  stored: {
    upstreamUpdatedAt: Date | null;
    lastAvailableFinal: Date | null;
    remark2: string | null;
    assessment: string;
    seriesHistChanged: boolean;
    vanishedAt: Date | null;
    dataset: string;
  },
  row: AssessmentRow,
): boolean {
  return (
    stored.upstreamUpdatedAt?.getTime() !== row.upstreamUpdatedAt?.getTime() ||
    stored.lastAvailableFinal?.getTime() !== row.lastAvailableFinal?.getTime() ||
    stored.remark2 !== row.remark2 ||
    stored.assessment !== row.assessment ||
    stored.seriesHistChanged !== row.seriesHistChanged ||
    stored.dataset !== row.dataset ||
    stored.vanishedAt !== null
  );
}
