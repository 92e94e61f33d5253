// The 33 covered countries, with the region the vendor's data-limit reports may key by.

export type Region = "Americas" | "Europe" | "Asia Pacific" | "Middle East & Africa";

export type Country = { name: string; iso2: string; region: Region; currency: string };

export const COUNTRIES: readonly Country[] = [
  { name: "United States", iso2: "US", region: "Americas", currency: "USD" },
  { name: "Australia", iso2: "AU", region: "Asia Pacific", currency: "USD" },
  { name: "Belgium", iso2: "BE", region: "Europe", currency: "EUR" },
  { name: "Brazil", iso2: "BR", region: "Americas", currency: "USD" },
  { name: "Finland", iso2: "FI", region: "Europe", currency: "EUR" },
  { name: "Chile", iso2: "CL", region: "Americas", currency: "USD" },
  { name: "China", iso2: "CN", region: "Asia Pacific", currency: "CNY" },
  { name: "Colombia", iso2: "CO", region: "Americas", currency: "USD" },
  { name: "Czech Republic", iso2: "CZ", region: "Europe", currency: "EUR" },
  { name: "Indonesia", iso2: "ID", region: "Asia Pacific", currency: "USD" },
  { name: "France", iso2: "FR", region: "Europe", currency: "EUR" },
  { name: "Germany", iso2: "DE", region: "Europe", currency: "EUR" },
  { name: "Hungary", iso2: "HU", region: "Europe", currency: "EUR" },
  { name: "India", iso2: "IN", region: "Asia Pacific", currency: "USD" },
  { name: "Norway", iso2: "NO", region: "Europe", currency: "EUR" },
  { name: "Italy", iso2: "IT", region: "Europe", currency: "EUR" },
  { name: "Japan", iso2: "JP", region: "Asia Pacific", currency: "JPY" },
  { name: "Mexico", iso2: "MX", region: "Americas", currency: "USD" },
  { name: "Netherlands", iso2: "NL", region: "Europe", currency: "EUR" },
  { name: "Singapore", iso2: "SG", region: "Asia Pacific", currency: "USD" },
  { name: "Philippines", iso2: "PH", region: "Asia Pacific", currency: "USD" },
  { name: "Poland", iso2: "PL", region: "Europe", currency: "EUR" },
  { name: "Russia", iso2: "RU", region: "Europe", currency: "USD" },
  { name: "Saudi Arabia", iso2: "SA", region: "Middle East & Africa", currency: "USD" },
  { name: "Taiwan", iso2: "TW", region: "Asia Pacific", currency: "USD" },
  { name: "South Africa", iso2: "ZA", region: "Middle East & Africa", currency: "USD" },
  { name: "South Korea", iso2: "KR", region: "Asia Pacific", currency: "USD" },
  { name: "Spain", iso2: "ES", region: "Europe", currency: "EUR" },
  { name: "Sweden", iso2: "SE", region: "Europe", currency: "EUR" },
  { name: "Thailand", iso2: "TH", region: "Asia Pacific", currency: "USD" },
  { name: "Turkey", iso2: "TR", region: "Europe", currency: "USD" },
  { name: "United Kingdom", iso2: "GB", region: "Europe", currency: "GBP" },
  { name: "Canada", iso2: "CA", region: "Americas", currency: "USD" },
];

const byName = new Map(COUNTRIES.map((c) => [c.name.toLowerCase(), c]));

export function countryByName(name: string): Country | undefined {
  return byName.get(name.trim().toLowerCase());
}

/**
 * The data-limits dataset an assessment counts against: its country when the report keys by
 * country, else the country's region when the report keys by region, else the only key there is.
 */
export function datasetFor(coverage: string, reportKeys: readonly string[]): string {
  const keys = new Map(reportKeys.map((k) => [k.toLowerCase(), k]));
  const direct = keys.get(coverage.trim().toLowerCase());
  if (direct) return direct;
  const region = countryByName(coverage)?.region;
  const regional = region ? keys.get(region.toLowerCase()) : undefined;
  if (regional) return regional;
  if (reportKeys.length === 1 && reportKeys[0]) return reportKeys[0];
  return coverage.trim();
}
