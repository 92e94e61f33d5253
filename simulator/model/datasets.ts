// The datasets of the data-limits report: a key per country, or per region. The vendor does not
// publish its regions' names nor which country falls in which, so the simulator keeps its own
// schemes here — the app must learn them from what the vendor sends, never from a table of its own.
//   default: four broad regions (the grouping the simulator always used)
//   live:    seven regions with codes for names and a different grouping (Turkey counts with the
//            Middle East and Africa, Russia with North Asia)

export type DatasetKeys = "country" | "region";
export type RegionScheme = "default" | "live";

// biome-ignore format: one region per line reads best
const SCHEMES: Record<RegionScheme, Record<string, readonly string[]>> = {
  default: {
    Americas: ["United States", "Canada", "Mexico", "Brazil", "Chile", "Colombia"],
    Europe: ["Belgium", "Czech Republic", "Finland", "France", "Germany", "Hungary", "Italy", "Netherlands", "Norway", "Poland", "Russia", "Spain", "Sweden", "Turkey", "United Kingdom"],
    "Asia Pacific": ["Australia", "China", "India", "Indonesia", "Japan", "Philippines", "Singapore", "South Korea", "Taiwan", "Thailand"],
    "Middle East & Africa": ["Saudi Arabia", "South Africa"],
  },
  live: {
    NORAM: ["United States", "Canada", "Mexico"],
    LATAM: ["Brazil", "Chile", "Colombia"],
    "EUROPE-W": ["Belgium", "Finland", "France", "Germany", "Italy", "Netherlands", "Norway", "Spain", "Sweden", "United Kingdom"],
    "EUROPE-CE": ["Czech Republic", "Hungary", "Poland"],
    MEA: ["Saudi Arabia", "South Africa", "Turkey"],
    "APAC-N": ["China", "Japan", "South Korea", "Taiwan", "Russia"],
    "APAC-S": ["Australia", "India", "Indonesia", "Philippines", "Singapore", "Thailand"],
  },
};

const REGION_OF: Record<RegionScheme, Map<string, string>> = {
  default: invert(SCHEMES.default),
  live: invert(SCHEMES.live),
};

function invert(scheme: Record<string, readonly string[]>): Map<string, string> {
  const map = new Map<string, string>();
  for (const [region, countries] of Object.entries(scheme))
    for (const country of countries) map.set(country, region);
  return map;
}

/** The regions of a scheme, each with its countries. */
export function regionsOf(scheme: RegionScheme): Readonly<Record<string, readonly string[]>> {
  return SCHEMES[scheme];
}

/** The region a country falls in under a scheme. */
export function regionOf(country: string, scheme: RegionScheme): string {
  const region = REGION_OF[scheme].get(country);
  if (!region) throw new Error(`No ${scheme} region for ${country}`);
  return region;
}

/** The dataset key an assessment of this country counts against. */
export function datasetOf(country: string, keys: DatasetKeys, scheme: RegionScheme): string {
  return keys === "region" ? regionOf(country, scheme) : country;
}

/** Every dataset key there can be, for the given keying (the countries, or a scheme's regions). */
export function allDatasets(countries: readonly string[], keys: DatasetKeys, scheme: RegionScheme): string[] {
  return keys === "region" ? Object.keys(SCHEMES[scheme]) : [...countries];
}
