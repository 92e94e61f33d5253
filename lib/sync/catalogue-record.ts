import "server-only";
// Turns a vendor Series Info record into the row Price Atlas stores (pure).

import type { DatasetMatch } from "@/lib/domain/datasets";
import { dayToDate } from "@/lib/domain/months";
import { parseList } from "@/lib/domain/reference";
import type { AssessmentKind, ServiceName } from "@/lib/domain/services";
import { readKind, readLifecycleRemark } from "@/lib/domain/wording";
import { type InfoRecord, lagFromRemark, noneToNull, type RawRecord } from "@/lib/upstream/schemas";

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
  /** null: the vendor's dataset for this assessment is not known yet */
  dataset: string | null;
  searchText: string;
  /** code of the replacement when the vendor says the series is discontinued */
  replacedByCode: string | null;
  /** code this series continues, when its remark says so */
  replacesCode: string | null;
  discontinued: boolean;
  /** free text that no reader understood (kept raw and shown; logged once by the caller) */
  unread: { field: "commodity" | "remark_2"; text: string }[];
  /** the record exactly as the vendor sent it */
  raw: RawRecord;
};

export function toAssessmentRow(
  service: ServiceName,
  r: InfoRecord,
  dataset: DatasetMatch | null,
): AssessmentRow {
  const remark2 = noneToNull(r.remark_2);
  const lifecycle = readLifecycleRemark(remark2, r.code);
  const availableCurrencies = parseList(r.available_currencies);
  const availableUnits = parseList(r.available_units);
  const defaultUnit = r.default_unit || "N/A";
  const kind = readKind(service, {
    commodity: r.commodity,
    assessment: r.assessment,
    defaultUnit,
    availableCurrencies,
    availableUnits,
  });
  const unread: AssessmentRow["unread"] = [];
  if (!kind.recognised) unread.push({ field: "commodity", text: r.commodity });
  if (!lifecycle.recognised && remark2) unread.push({ field: "remark_2", text: remark2 });
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
    availableCurrencies,
    availableUnits,
    defaultCurrency: r.default_currency || "N/A",
    defaultUnit,
    hasForecast: r.has_forecast,
    hasPreliminary: r.has_preliminary,
    lastAvailableFinal: dayToDate(r.last_available_final),
    seriesHistChanged: r.series_hist_changed,
    remark1: r.remark_1,
    remark2,
    lagMonths: lagFromRemark(r.remark_1),
    upstreamUpdatedAt: dayToDate(r.updated_at),
    kind: kind.kind,
    dataset: dataset?.dataset ?? null,
    searchText,
    replacedByCode: lifecycle.replacedBy,
    replacesCode: lifecycle.replaces,
    discontinued: lifecycle.discontinued,
    unread,
    raw: r.raw,
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
    dataset: string | null;
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
