// The value of a simulated series in a month: a market curve for its family, the country's level,
// seasonality for heating fuels and power, and persistent noise of its own. Everything is in USD
// per the template's base unit (or an index / factor) until `convert` applies c and u.

import { type MonthIndex, monthIndex, monthYear } from "@/lib/domain/months";
import { convertUnitPrice, unitByName } from "@/lib/domain/reference";
import { CURVE_END, curve, fxPerUsd, trailingMean } from "./curves";
import type { Geography } from "./geography";
import { gaussian, stringHash } from "./random";
import type { Template } from "./templates";

function gasMarket(geo: Geography, m: MonthIndex): number {
  switch (geo.gas) {
    case "us":
      return curve("gas_us", m);
    case "eu":
      return curve("gas_eu", m);
    case "asia":
      return curve("gas_asia", m) * 0.95;
    default:
      return 2.2 * curve("inflation", m);
  }
}

function powerMarket(geo: Geography, m: MonthIndex): number {
  switch (geo.power) {
    case "us":
      return curve("power_us", m);
    case "eu":
      return curve("power_eu", m);
    default:
      return 30 * (curve("coal", m) / 112) + 32 * (curve("gas_asia", m) / 11.8);
  }
}

function mean(f: (m: MonthIndex) => number, m: MonthIndex, span: number): number {
  let s = 0;
  for (let k = 0; k < span; k++) s += f(m - k);
  return s / span;
}

const JAN_2007 = monthIndex(2007, 1);

function locationLevel(geo: Geography, m: MonthIndex): number {
  const code = geo.country.currency;
  if (code !== "USD") return geo.costLevel * (fxPerUsd(code, JAN_2007) / fxPerUsd(code, m)) ** 0.5;
  const years = (m - JAN_2007) / 12;
  const drift = ((stringHash(geo.country.name) % 1000) / 1000 - 0.5) * 0.008;
  return geo.costLevel * (1 + drift) ** years;
}

/** The model value before noise and seasonality. */
function marketValue(t: Template, m: MonthIndex): number {
  const geo = t.geo;
  switch (t.family) {
    case "oil":
      return t.level * curve("oil", m);
    case "gas":
      return t.level * gasMarket(geo, m);
    case "lng":
      return t.level * curve("gas_asia", m);
    case "coal":
    case "coking":
      return t.level * curve("coal", m);
    case "power":
      return t.level * powerMarket(geo, m) * Math.sqrt(geo.utilityLevel);
    case "retail_power":
      return t.level * (0.5 * mean((k) => powerMarket(geo, k), m, 12) + 35 * curve("inflation", m));
    case "retail_gas":
      return t.level * (0.7 * mean((k) => gasMarket(geo, k), m, 6) + 1.2 * curve("inflation", m));
    case "water": {
      // Water tariffs change once a year, in January.
      const { year } = monthYear(m);
      return t.level * curve("inflation", monthIndex(year, 1));
    }
    case "steam":
      return t.level * (3.4 * mean((k) => gasMarket(geo, k), m, 6) + 10 * curve("inflation", m));
    case "industrial_gas":
      return t.level * (0.4 * (trailingMean("power_us", m, 12) / 55) + 0.6 * curve("inflation", m));
    case "cost_index": {
      const years = (m - JAN_2007) / 12;
      const drift = (geo.costLevel - 0.95) * 0.006;
      return 100 * (curve("construction", m) / 100) ** t.level * (1 + drift) ** years;
    }
    case "location_factor": {
      const quarterStart = m - (m % 3);
      const ref = t.reference ?? geo;
      return locationLevel(geo, quarterStart) / locationLevel(ref, quarterStart);
    }
  }
}

const CURVE_START = monthIndex(2007, 1) - 12;
const marketCache = new WeakMap<Template, Float64Array>();

/** The market value for every month, computed once per family, country and level. */
function cachedMarketValue(t: Template, m: MonthIndex): number {
  let series = marketCache.get(t);
  if (!series) {
    series = new Float64Array(CURVE_END - CURVE_START + 1);
    for (let k = 0; k < series.length; k++) series[k] = marketValue(t, CURVE_START + k);
    marketCache.set(t, series);
  }
  const i = Math.min(Math.max(m - CURVE_START, 0), series.length - 1);
  return series[i] as number;
}

function seasonality(t: Template, m: MonthIndex): number {
  if (!t.seasonal) return 1;
  const shift = t.geo.hemisphere === -1 ? 6 : 0;
  const amplitude = t.geo.hemisphere === 0 ? t.seasonal * 0.3 : t.seasonal;
  return 1 + amplitude * Math.cos((2 * Math.PI * (((m % 12) + shift) % 12)) / 12);
}

export type SeriesIdentity = { template: Template; seed: number; salt: number; levelFactor: number };

/** The "true" value of a series in a month, in USD per base unit (or index / factor). */
export function trueValue(s: SeriesIdentity, m: MonthIndex): number {
  const t = s.template;
  const stepped = t.family === "water" || t.family === "location_factor";
  const noiseMonth = stepped ? (t.family === "water" ? m - (m % 12) : m - (m % 3)) : m;
  const noise = 0.6 * gaussian(s.seed, s.salt, noiseMonth) + 0.4 * gaussian(s.seed, s.salt, noiseMonth - 1);
  return cachedMarketValue(t, m) * seasonality(t, m) * s.levelFactor * (1 + t.noise * noise);
}

/**
 * Converts a base value to currency `currency` and unit `unit` (short names). Index and factor
 * series are returned as they are.
 */
export function convert(t: Template, value: number, m: MonthIndex, currency: string, unit: string): number {
  if (t.kind === "cost_index" || t.kind === "location_factor") return value;
  const from = unitByName(t.baseUnit);
  const to = unitByName(unit);
  if (!from || !to) throw new Error(`Unknown unit ${t.baseUnit} or ${unit}`);
  const perUnit = convertUnitPrice(value, from, to, t.physics);
  if (perUnit === null) throw new Error(`Cannot convert ${t.baseUnit} to ${unit} for ${t.commodity}`);
  return perUnit * fxPerUsd(currency, m);
}
