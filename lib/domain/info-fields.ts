// The fields of a Series Info record the specification lists. Anything else a record carries is the
// vendor's addition: kept as received, shown to users, and never relied upon.

export const INFO_FIELDS: ReadonlySet<string> = new Set([
  "code",
  "assessment",
  "product",
  "commodity",
  "coverage",
  "location",
  "area",
  "details",
  "specification",
  "available_currencies",
  "available_units",
  "default_currency",
  "default_unit",
  "has_forecast",
  "has_preliminary",
  "last_available_final",
  "series_hist_changed",
  "remark_1",
  "remark_2",
  "updated_at",
]);

/** The fields of a record as received that the specification does not list, as display text. */
export function vendorAddedFields(raw: unknown): [string, string][] {
  if (!raw || typeof raw !== "object") return [];
  return Object.entries(raw as Record<string, unknown>)
    .filter(([k]) => !INFO_FIELDS.has(k))
    .map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]);
}
