// The 33 covered countries. Which quota dataset (region) each counts against is not published by
// the vendor and is not kept here: it is learned from what the vendor sends (lib/domain/datasets.ts).

export type Country = { name: string; iso2: string; currency: string };

export const COUNTRIES: readonly Country[] = [
  { name: "United States", iso2: "US", currency: "USD" },
  { name: "Australia", iso2: "AU", currency: "USD" },
  { name: "Belgium", iso2: "BE", currency: "EUR" },
  { name: "Brazil", iso2: "BR", currency: "USD" },
  { name: "Finland", iso2: "FI", currency: "EUR" },
  { name: "Chile", iso2: "CL", currency: "USD" },
  { name: "China", iso2: "CN", currency: "CNY" },
  { name: "Colombia", iso2: "CO", currency: "USD" },
  { name: "Czech Republic", iso2: "CZ", currency: "EUR" },
  { name: "Indonesia", iso2: "ID", currency: "USD" },
  { name: "France", iso2: "FR", currency: "EUR" },
  { name: "Germany", iso2: "DE", currency: "EUR" },
  { name: "Hungary", iso2: "HU", currency: "EUR" },
  { name: "India", iso2: "IN", currency: "USD" },
  { name: "Norway", iso2: "NO", currency: "EUR" },
  { name: "Italy", iso2: "IT", currency: "EUR" },
  { name: "Japan", iso2: "JP", currency: "JPY" },
  { name: "Mexico", iso2: "MX", currency: "USD" },
  { name: "Netherlands", iso2: "NL", currency: "EUR" },
  { name: "Singapore", iso2: "SG", currency: "USD" },
  { name: "Philippines", iso2: "PH", currency: "USD" },
  { name: "Poland", iso2: "PL", currency: "EUR" },
  { name: "Russia", iso2: "RU", currency: "USD" },
  { name: "Saudi Arabia", iso2: "SA", currency: "USD" },
  { name: "Taiwan", iso2: "TW", currency: "USD" },
  { name: "South Africa", iso2: "ZA", currency: "USD" },
  { name: "South Korea", iso2: "KR", currency: "USD" },
  { name: "Spain", iso2: "ES", currency: "EUR" },
  { name: "Sweden", iso2: "SE", currency: "EUR" },
  { name: "Thailand", iso2: "TH", currency: "USD" },
  { name: "Turkey", iso2: "TR", currency: "USD" },
  { name: "United Kingdom", iso2: "GB", currency: "GBP" },
  { name: "Canada", iso2: "CA", currency: "USD" },
];

const byName = new Map(COUNTRIES.map((c) => [c.name.toLowerCase(), c]));

export function countryByName(name: string): Country | undefined {
  return byName.get(name.trim().toLowerCase());
}
