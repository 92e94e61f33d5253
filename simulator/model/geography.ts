// Per-country facts the simulated catalogue is built from: industrial sites for utility prices,
// energy hubs and ports for commodity prices, relative price and construction-cost levels.
import { COUNTRIES, type Country } from "@/lib/domain/countries";

export type GasMarket = "us" | "eu" | "asia" | "regulated";
export type PowerMarket = "us" | "eu" | "asia";

export type Geography = {
  country: Country;
  sites: readonly string[];
  hubs: readonly string[];
  /** retail utility price level relative to the United States */
  utilityLevel: number;
  /** plant construction cost relative to the United States (location factor at 2007 rates) */
  costLevel: number;
  gas: GasMarket;
  power: PowerMarket;
  /** -1 southern hemisphere, 0 tropics (little seasonality), 1 northern */
  hemisphere: -1 | 0 | 1;
};

type Row = Omit<Geography, "country">;

// biome-ignore format: one country per line reads best
const ROWS: Record<string, Row> = {
  "United States": { sites: ["Texas Gulf Coast", "Louisiana", "Midwest", "California"], hubs: ["US Gulf Coast", "New York Harbor", "Chicago"], utilityLevel: 1.0, costLevel: 1.0, gas: "us", power: "us", hemisphere: 1 },
  Australia: { sites: ["Queensland", "Western Australia", "New South Wales"], hubs: ["Newcastle", "Gladstone"], utilityLevel: 1.25, costLevel: 1.18, gas: "asia", power: "asia", hemisphere: -1 },
  Belgium: { sites: ["Antwerp", "Ghent"], hubs: ["Antwerp", "Zeebrugge"], utilityLevel: 1.45, costLevel: 1.12, gas: "eu", power: "eu", hemisphere: 1 },
  Brazil: { sites: ["São Paulo", "Rio de Janeiro", "Bahia"], hubs: ["Santos", "Rio de Janeiro"], utilityLevel: 1.2, costLevel: 0.92, gas: "asia", power: "us", hemisphere: -1 },
  Finland: { sites: ["Uusimaa", "Kokkola"], hubs: ["Helsinki"], utilityLevel: 1.1, costLevel: 1.1, gas: "eu", power: "eu", hemisphere: 1 },
  Chile: { sites: ["Santiago", "Antofagasta"], hubs: ["Quintero", "Mejillones"], utilityLevel: 1.3, costLevel: 0.95, gas: "asia", power: "us", hemisphere: -1 },
  China: { sites: ["Shanghai", "Guangdong", "Shandong", "Jiangsu"], hubs: ["Shanghai", "Qingdao", "Guangzhou"], utilityLevel: 0.85, costLevel: 0.68, gas: "asia", power: "asia", hemisphere: 1 },
  Colombia: { sites: ["Bogotá", "Cartagena"], hubs: ["Cartagena"], utilityLevel: 1.05, costLevel: 0.82, gas: "asia", power: "us", hemisphere: 0 },
  "Czech Republic": { sites: ["Central Bohemia", "Moravia-Silesia"], hubs: ["Prague"], utilityLevel: 1.3, costLevel: 0.85, gas: "eu", power: "eu", hemisphere: 1 },
  Indonesia: { sites: ["West Java", "East Kalimantan"], hubs: ["Jakarta", "Bontang"], utilityLevel: 0.75, costLevel: 0.74, gas: "asia", power: "asia", hemisphere: 0 },
  France: { sites: ["Normandy", "Rhône-Alpes", "Nord"], hubs: ["Le Havre", "Marseille-Fos"], utilityLevel: 1.25, costLevel: 1.1, gas: "eu", power: "eu", hemisphere: 1 },
  Germany: { sites: ["Rhine-Ruhr", "Bavaria", "Saxony-Anhalt"], hubs: ["Hamburg", "Rhine (ARA barge)", "Frankfurt"], utilityLevel: 1.6, costLevel: 1.14, gas: "eu", power: "eu", hemisphere: 1 },
  Hungary: { sites: ["Central Hungary", "Borsod"], hubs: ["Budapest"], utilityLevel: 1.25, costLevel: 0.8, gas: "eu", power: "eu", hemisphere: 1 },
  India: { sites: ["Gujarat", "Maharashtra", "Tamil Nadu"], hubs: ["Jamnagar", "Mumbai", "Chennai"], utilityLevel: 0.9, costLevel: 0.6, gas: "asia", power: "asia", hemisphere: 0 },
  Norway: { sites: ["Rogaland", "Vestland"], hubs: ["Mongstad", "Oslo"], utilityLevel: 0.8, costLevel: 1.25, gas: "eu", power: "eu", hemisphere: 1 },
  Italy: { sites: ["Lombardy", "Sicily", "Sardinia"], hubs: ["Genoa", "Augusta"], utilityLevel: 1.55, costLevel: 1.05, gas: "eu", power: "eu", hemisphere: 1 },
  Japan: { sites: ["Kanto", "Kansai", "Chubu"], hubs: ["Tokyo Bay", "Osaka"], utilityLevel: 1.65, costLevel: 1.1, gas: "asia", power: "asia", hemisphere: 1 },
  Mexico: { sites: ["Nuevo León", "Veracruz", "Tamaulipas"], hubs: ["Altamira", "Manzanillo"], utilityLevel: 0.95, costLevel: 0.78, gas: "us", power: "us", hemisphere: 0 },
  Netherlands: { sites: ["Rotterdam", "Groningen", "Zeeland"], hubs: ["Rotterdam (ARA)", "Amsterdam"], utilityLevel: 1.4, costLevel: 1.12, gas: "eu", power: "eu", hemisphere: 1 },
  Singapore: { sites: ["Jurong Island"], hubs: ["Singapore"], utilityLevel: 1.3, costLevel: 0.98, gas: "asia", power: "asia", hemisphere: 0 },
  Philippines: { sites: ["Batangas", "Luzon"], hubs: ["Batangas", "Manila"], utilityLevel: 1.35, costLevel: 0.7, gas: "asia", power: "asia", hemisphere: 0 },
  Poland: { sites: ["Silesia", "Masovia", "Pomerania"], hubs: ["Gdańsk", "Płock"], utilityLevel: 1.2, costLevel: 0.8, gas: "eu", power: "eu", hemisphere: 1 },
  Russia: { sites: ["Tatarstan", "Moscow Oblast", "Tyumen"], hubs: ["Primorsk", "Novorossiysk"], utilityLevel: 0.45, costLevel: 0.85, gas: "regulated", power: "asia", hemisphere: 1 },
  "Saudi Arabia": { sites: ["Jubail", "Yanbu"], hubs: ["Ras Tanura", "Yanbu"], utilityLevel: 0.4, costLevel: 0.9, gas: "regulated", power: "asia", hemisphere: 0 },
  Taiwan: { sites: ["Kaohsiung", "Taichung"], hubs: ["Kaohsiung"], utilityLevel: 0.95, costLevel: 0.85, gas: "asia", power: "asia", hemisphere: 0 },
  "South Africa": { sites: ["Gauteng", "KwaZulu-Natal", "Western Cape"], hubs: ["Richards Bay", "Durban"], utilityLevel: 0.85, costLevel: 0.75, gas: "asia", power: "asia", hemisphere: -1 },
  "South Korea": { sites: ["Ulsan", "Yeosu", "Gyeonggi"], hubs: ["Ulsan", "Incheon"], utilityLevel: 1.0, costLevel: 0.9, gas: "asia", power: "asia", hemisphere: 1 },
  Spain: { sites: ["Catalonia", "Andalusia", "Basque Country"], hubs: ["Tarragona", "Algeciras"], utilityLevel: 1.35, costLevel: 0.98, gas: "eu", power: "eu", hemisphere: 1 },
  Sweden: { sites: ["Västra Götaland", "Norrbotten"], hubs: ["Gothenburg"], utilityLevel: 0.95, costLevel: 1.12, gas: "eu", power: "eu", hemisphere: 1 },
  Thailand: { sites: ["Rayong", "Bangkok"], hubs: ["Map Ta Phut", "Sriracha"], utilityLevel: 1.0, costLevel: 0.72, gas: "asia", power: "asia", hemisphere: 0 },
  Turkey: { sites: ["Kocaeli", "İzmir"], hubs: ["Izmit", "Aliağa"], utilityLevel: 1.05, costLevel: 0.78, gas: "eu", power: "eu", hemisphere: 1 },
  "United Kingdom": { sites: ["Teesside", "Humber", "Grangemouth"], hubs: ["NBP", "Immingham", "Fawley"], utilityLevel: 1.55, costLevel: 1.15, gas: "eu", power: "eu", hemisphere: 1 },
  Canada: { sites: ["Alberta", "Ontario", "Quebec"], hubs: ["Edmonton", "Sarnia", "Montreal"], utilityLevel: 0.85, costLevel: 1.05, gas: "us", power: "us", hemisphere: 1 },
};

export const GEOGRAPHY: readonly Geography[] = COUNTRIES.map((country) => {
  const row = ROWS[country.name];
  if (!row) throw new Error(`No geography for ${country.name}`);
  return { country, ...row };
});

const byName = new Map(GEOGRAPHY.map((g) => [g.country.name, g]));

export function geographyOf(country: string): Geography {
  const g = byName.get(country);
  if (!g) throw new Error(`Unknown country ${country}`);
  return g;
}
