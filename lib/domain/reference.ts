// The vendor's currency and unit reference tables (IDs are what c and u carry), plus the physics
// needed to convert between units of one dimension.

export type Currency = { id: number; short: string; name: string };

export const CURRENCIES: readonly Currency[] = [
  { id: 1, short: "USD", name: "United States Dollar" },
  { id: 2, short: "USD cent", name: "United States Dollar Cent" },
  { id: 3, short: "EUR", name: "Euro" },
  { id: 4, short: "CNY", name: "Chinese Yuan Renminbi" },
  { id: 5, short: "JPY", name: "Japanese Yen" },
  { id: 9, short: "GBP", name: "British Pound Sterling" },
];

export type Dimension = "energy" | "mass" | "volume";

/** `toBase`: how many base units (GJ, kg, m3) one of this unit is. */
export type Unit = { id: number; short: string; name: string; dimension: Dimension; toBase: number };

export const UNITS: readonly Unit[] = [
  { id: 1, short: "mt", name: "Metric Ton", dimension: "mass", toBase: 1000 },
  { id: 2, short: "m3", name: "Cubic Meter", dimension: "volume", toBase: 1 },
  { id: 3, short: "MMBtu", name: "Million British Thermal Unit", dimension: "energy", toBase: 1.055056 },
  { id: 4, short: "kWh", name: "Kilowatt Hour", dimension: "energy", toBase: 0.0036 },
  // Normal cubic metre (0 °C) versus the standard cubic metre (15 °C) of gas: 288.15 / 273.15.
  { id: 5, short: "Nm3", name: "Normal Cubic Meter", dimension: "volume", toBase: 1.054915 },
  { id: 6, short: "kg", name: "Kilogram", dimension: "mass", toBase: 1 },
  { id: 7, short: "MWh", name: "Megawatt Hour", dimension: "energy", toBase: 3.6 },
  { id: 9, short: "Bbl", name: "Oil Barrel", dimension: "volume", toBase: 0.158987294928 },
  { id: 10, short: "lb", name: "Pound", dimension: "mass", toBase: 0.45359237 },
  { id: 12, short: "l", name: "Liter", dimension: "volume", toBase: 0.001 },
  { id: 13, short: "gal", name: "US Liquid Gallon", dimension: "volume", toBase: 0.003785411784 },
  { id: 18, short: "t oz", name: "Troy Ounce", dimension: "mass", toBase: 0.0311034768 },
  { id: 23, short: "MJ", name: "Megajoule", dimension: "energy", toBase: 0.001 },
  { id: 25, short: "st", name: "Short Ton", dimension: "mass", toBase: 907.18474 },
  { id: 31, short: "GJ", name: "Gigajoule", dimension: "energy", toBase: 1 },
  { id: 35, short: "g", name: "Gram", dimension: "mass", toBase: 0.001 },
];

const currencyByShort = new Map(CURRENCIES.map((c) => [c.short.toLowerCase(), c]));
const currencyById = new Map(CURRENCIES.map((c) => [c.id, c]));
const unitByShort = new Map(UNITS.map((u) => [u.short.toLowerCase(), u]));
const unitById = new Map(UNITS.map((u) => [u.id, u]));

export function currencyByName(short: string): Currency | undefined {
  return currencyByShort.get(short.trim().toLowerCase());
}
export function currencyFromId(id: number): Currency | undefined {
  return currencyById.get(id);
}
export function unitByName(short: string): Unit | undefined {
  return unitByShort.get(short.trim().toLowerCase());
}
export function unitFromId(id: number): Unit | undefined {
  return unitById.get(id);
}

/** "USD, EUR, GBP" → ["USD", "EUR", "GBP"] (each once); "N/A" or empty → []. */
export function parseList(value: string): string[] {
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s && s.toUpperCase() !== "N/A");
  return [...new Set(items)];
}

/**
 * Physical properties that link dimensions for one commodity: density (kg per m3) links mass and
 * volume; energy content (GJ per kg) links mass and energy.
 */
export type CommodityPhysics = { densityKgPerM3?: number; energyGjPerKg?: number };

/** Base units (GJ, kg or m3) of `dimension` in one base unit of `from`, or null if not linked. */
function baseRatio(from: Dimension, to: Dimension, p: CommodityPhysics): number | null {
  if (from === to) return 1;
  const kgPer = {
    mass: 1,
    volume: p.densityKgPerM3,
    energy: p.energyGjPerKg ? 1 / p.energyGjPerKg : undefined,
  };
  const fromKg = kgPer[from];
  const toKg = kgPer[to];
  if (!fromKg || !toKg) return null;
  return fromKg / toKg;
}

/**
 * Converts a price per `from` unit into a price per `to` unit. A price per unit scales with the
 * quantity one unit holds, so the factor is (quantity in `to`) / (quantity in `from`).
 */
export function convertUnitPrice(
  value: number,
  from: Unit,
  to: Unit,
  physics: CommodityPhysics = {},
): number | null {
  const ratio = baseRatio(to.dimension, from.dimension, physics);
  if (ratio === null) return null;
  // one `to` unit = to.toBase base(to) = to.toBase * ratio base(from) = that / from.toBase `from` units
  return value * ((to.toBase * ratio) / from.toBase);
}
