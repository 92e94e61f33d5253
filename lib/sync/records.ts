import "server-only";
// Vendor records → what the database layer stores (pure glue around vintages.ts).

import type { FetchedRecord } from "@/lib/db/observations";
import { dayToDate } from "@/lib/domain/months";
import type { ValuesRecord } from "@/lib/upstream/schemas";
import { diffVintage, incomingPoints } from "./vintages";

export function toFetchedRecords(
  records: ValuesRecord[],
  request: { currencyId: number | null; unitId: number | null; fullHistory: boolean },
  fetchedAt: Date,
): FetchedRecord[] {
  const isDefault = request.currencyId === null && request.unitId === null;
  return records.map((r) => {
    const newestFinal = r.series_final_values.at(-1)?.date ?? null;
    // Vintages are dated by publication (updated_at); without one, by the fetch.
    const vintage = dayToDate(r.updated_at) ?? fetchedAt;
    return {
      code: r.code,
      // Trust the returned currency/unit, never the requested ones.
      currency: r.currency || "N/A",
      unit: r.unit || "N/A",
      isDefault,
      currencyId: request.currencyId,
      unitId: request.unitId,
      updatedAt: dayToDate(r.updated_at),
      lastFinal: dayToDate(newestFinal),
      fullHistory: request.fullHistory,
      firstMonth: request.fullHistory
        ? null
        : dayToDate(r.series_final_values[0]?.date ?? r.series_forecast_values[0]?.date),
      changes: (open, hasPreliminary) =>
        diffVintage(
          open,
          incomingPoints(r.series_final_values, r.series_forecast_values, hasPreliminary),
          vintage,
        ),
    };
  });
}
