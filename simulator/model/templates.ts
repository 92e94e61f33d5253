// The shapes of the simulated catalogue: which assessments exist for which country, under which
// terms, with which currencies and units. A template is everything about an assessment but its
// code and lifecycle; the catalogue numbers templates into codes.
import type { CommodityPhysics } from "@/lib/domain/reference";
import type { AssessmentKind, ServiceName } from "@/lib/domain/services";
import { GEOGRAPHY, type Geography, geographyOf } from "./geography";
import { hash, stringHash, unit } from "./random";

export type Family =
  | "oil"
  | "gas"
  | "lng"
  | "coal"
  | "coking"
  | "power"
  | "retail_power"
  | "retail_gas"
  | "water"
  | "steam"
  | "industrial_gas"
  | "cost_index"
  | "location_factor";

export type Template = {
  kind: AssessmentKind;
  product: string;
  commodity: string;
  commodityId: number;
  termId: number;
  geo: Geography;
  location: string;
  area: string;
  details: string;
  specification: string;
  family: Family;
  /** level in USD per `baseUnit` at the family's reference price */
  level: number;
  baseUnit: string;
  physics: CommodityPhysics;
  currencies: string[];
  units: string[];
  defaultCurrency: string;
  defaultUnit: string;
  hasForecast: boolean;
  hasPreliminary: boolean;
  lag: number;
  cadence: "monthly" | "quarterly";
  seasonal: number;
  noise: number;
  remark2: string;
  reference?: Geography;
};

type CommoditySpec = {
  id: number;
  commodity: string;
  product: string;
  family: Family;
  level: number;
  baseUnit: string;
  units: string[];
  physics?: CommodityPhysics;
  specs: string[];
  terms: string[];
  seasonal?: number;
  noise: number;
  remark2?: string;
};

const EP = "Energy Prices";
// biome-ignore format: one commodity per line reads best
const ENERGY: CommoditySpec[] = [
  { id: 1, commodity: "Crude oil", product: `${EP} – Crude Oil`, family: "oil", level: 1, baseUnit: "Bbl", units: ["Bbl", "mt", "m3", "l", "gal"], physics: { densityKgPerM3: 850, energyGjPerKg: 0.0427 }, specs: ["Light sweet, API 38–42, S < 0.5%", "Medium sour, API 30–33, S 1.5–2%"], terms: ["Spot, FOB", "Official selling price"], noise: 0.025 },
  { id: 2, commodity: "Natural gas", product: `${EP} – Natural Gas & LNG`, family: "gas", level: 1, baseUnit: "MMBtu", units: ["MMBtu", "GJ", "MJ", "kWh", "MWh", "m3", "Nm3"], physics: { densityKgPerM3: 0.75, energyGjPerKg: 0.0507 }, specs: ["Pipeline quality, GCV 38 MJ/m3"], terms: ["Day-ahead, hub", "Month-ahead, hub", "Industrial delivered"], seasonal: 0.1, noise: 0.04 },
  { id: 3, commodity: "LNG", product: `${EP} – Natural Gas & LNG`, family: "lng", level: 1.02, baseUnit: "MMBtu", units: ["MMBtu", "GJ", "MWh", "mt"], physics: { densityKgPerM3: 450, energyGjPerKg: 0.0495 }, specs: ["Delivered ex-ship"], terms: ["Spot, DES", "Oil-indexed contract"], seasonal: 0.08, noise: 0.045 },
  { id: 4, commodity: "Coal (thermal)", product: `${EP} – Coal`, family: "coal", level: 1, baseUnit: "mt", units: ["mt", "st", "GJ", "MMBtu"], physics: { energyGjPerKg: 0.0251 }, specs: ["6,000 kcal/kg NAR, S < 1%"], terms: ["FOB port", "CIF port"], noise: 0.035 },
  { id: 5, commodity: "Coal (coking)", product: `${EP} – Coal`, family: "coking", level: 1.65, baseUnit: "mt", units: ["mt", "st"], specs: ["Premium hard coking coal"], terms: ["FOB port"], noise: 0.04 },
  { id: 6, commodity: "Propane", product: `${EP} – LPG`, family: "oil", level: 7.6, baseUnit: "mt", units: ["mt", "kg", "gal", "l", "Bbl"], physics: { densityKgPerM3: 493, energyGjPerKg: 0.0464 }, specs: ["Commercial propane, 95% min"], terms: ["Spot, FOB", "Contract price"], seasonal: 0.06, noise: 0.03 },
  { id: 7, commodity: "Butane", product: `${EP} – LPG`, family: "oil", level: 7.9, baseUnit: "mt", units: ["mt", "kg", "gal", "l", "Bbl"], physics: { densityKgPerM3: 573, energyGjPerKg: 0.0457 }, specs: ["Commercial butane, 95% min"], terms: ["Spot, FOB"], seasonal: 0.05, noise: 0.03 },
  { id: 8, commodity: "Diesel", product: `${EP} – Refined Products`, family: "oil", level: 10.1, baseUnit: "mt", units: ["mt", "Bbl", "m3", "l", "gal"], physics: { densityKgPerM3: 832, energyGjPerKg: 0.043 }, specs: ["ULSD, 10 ppm S", "Gasoil, 0.1% S"], terms: ["Cargo, CIF", "Wholesale, ex-rack"], noise: 0.022 },
  { id: 9, commodity: "Gasoline", product: `${EP} – Refined Products`, family: "oil", level: 10.6, baseUnit: "mt", units: ["mt", "Bbl", "m3", "l", "gal"], physics: { densityKgPerM3: 745, energyGjPerKg: 0.0434 }, specs: ["Unleaded, RON 95, E10", "Regular unleaded, RON 91"], terms: ["Cargo, FOB"], seasonal: 0.03, noise: 0.024 },
  { id: 10, commodity: "Jet fuel", product: `${EP} – Refined Products`, family: "oil", level: 10.4, baseUnit: "mt", units: ["mt", "Bbl", "m3", "l", "gal"], physics: { densityKgPerM3: 800, energyGjPerKg: 0.0431 }, specs: ["Jet A-1"], terms: ["Cargo, CIF"], noise: 0.024 },
  { id: 11, commodity: "Fuel oil", product: `${EP} – Refined Products`, family: "oil", level: 6.4, baseUnit: "mt", units: ["mt", "Bbl", "m3", "GJ"], physics: { densityKgPerM3: 980, energyGjPerKg: 0.0404 }, specs: ["HSFO, 3.5% S, 380 cSt", "VLSFO, 0.5% S"], terms: ["Bunker, delivered"], noise: 0.028 },
  { id: 12, commodity: "Naphtha", product: `${EP} – Refined Products`, family: "oil", level: 8.9, baseUnit: "mt", units: ["mt", "Bbl", "m3"], physics: { densityKgPerM3: 700, energyGjPerKg: 0.0449 }, specs: ["Open spec, paraffinic"], terms: ["Cargo, CIF"], noise: 0.03 },
  { id: 13, commodity: "Kerosene", product: `${EP} – Refined Products`, family: "oil", level: 10.2, baseUnit: "mt", units: ["mt", "Bbl", "l", "gal"], physics: { densityKgPerM3: 800, energyGjPerKg: 0.0431 }, specs: ["Heating kerosene"], terms: ["Wholesale, ex-rack"], seasonal: 0.04, noise: 0.024 },
  { id: 14, commodity: "Electricity", product: `${EP} – Power`, family: "power", level: 1, baseUnit: "MWh", units: ["MWh", "kWh", "GJ", "MMBtu", "MJ"], specs: ["Baseload", "Peakload"], terms: ["Month-ahead"], seasonal: 0.08, noise: 0.05 },
];

const IE_UTIL = "Industry Economics – Utility Costs";
// biome-ignore format: one utility per line reads best
const UTILITIES: CommoditySpec[] = [
  { id: 8, commodity: "Electricity", product: IE_UTIL, family: "retail_power", level: 1, baseUnit: "MWh", units: ["kWh", "MWh", "GJ", "MJ", "MMBtu"], specs: ["Industrial supply, high voltage", "Industrial supply, medium voltage"], terms: ["Large user, 100 GWh/yr", "Medium user, 10 GWh/yr", "Small user, 1 GWh/yr"], seasonal: 0.02, noise: 0.008, remark2: "Excl. VAT, incl. network charges and levies" },
  { id: 9, commodity: "Natural gas", product: IE_UTIL, family: "retail_gas", level: 1, baseUnit: "MMBtu", units: ["MMBtu", "GJ", "kWh", "MWh", "m3", "Nm3"], physics: { densityKgPerM3: 0.75, energyGjPerKg: 0.0507 }, specs: ["Industrial supply"], terms: ["Large user, 1,000 TJ/yr", "Medium user, 100 TJ/yr", "Small user, 10 TJ/yr"], seasonal: 0.04, noise: 0.01, remark2: "Excl. VAT" },
  { id: 10, commodity: "Water", product: IE_UTIL, family: "water", level: 1.35, baseUnit: "m3", units: ["m3", "l", "gal"], physics: { densityKgPerM3: 1000 }, specs: ["Process water", "Potable water"], terms: ["Industrial tariff"], noise: 0.002 },
  { id: 11, commodity: "Wastewater treatment", product: IE_UTIL, family: "water", level: 1.9, baseUnit: "m3", units: ["m3", "l", "gal"], physics: { densityKgPerM3: 1000 }, specs: ["Industrial effluent, COD < 1,000 mg/l"], terms: ["Industrial tariff"], noise: 0.002 },
  { id: 12, commodity: "Steam", product: IE_UTIL, family: "steam", level: 1, baseUnit: "mt", units: ["mt", "kg", "lb", "st", "GJ", "MMBtu"], physics: { energyGjPerKg: 0.0028 }, specs: ["Low pressure, 4 bar", "High pressure, 40 bar"], terms: ["Site utility, gas-fired boiler"], seasonal: 0.03, noise: 0.01 },
  { id: 13, commodity: "Fuel oil", product: IE_UTIL, family: "oil", level: 7.0, baseUnit: "mt", units: ["mt", "l", "gal", "Bbl", "GJ"], physics: { densityKgPerM3: 960, energyGjPerKg: 0.041 }, specs: ["Heavy fuel oil, delivered"], terms: ["Industrial user"], noise: 0.015 },
  { id: 14, commodity: "Cooling water", product: IE_UTIL, family: "water", level: 0.09, baseUnit: "m3", units: ["m3", "l", "gal"], physics: { densityKgPerM3: 1000 }, specs: ["Recirculating, cooling tower"], terms: ["Site utility"], noise: 0.003 },
  { id: 15, commodity: "Nitrogen", product: IE_UTIL, family: "industrial_gas", level: 0.11, baseUnit: "Nm3", units: ["Nm3", "m3", "kg", "mt"], physics: { densityKgPerM3: 1.25 }, specs: ["Gaseous, 99.99%"], terms: ["Pipeline supply"], noise: 0.006 },
  { id: 16, commodity: "Compressed air", product: IE_UTIL, family: "industrial_gas", level: 0.025, baseUnit: "Nm3", units: ["Nm3", "m3"], specs: ["Instrument air, 7 bar"], terms: ["Site utility"], noise: 0.006 },
];

const COST_SUBINDICES = [
  "Overall plant",
  "Equipment",
  "Bulk materials",
  "Construction labour",
  "Engineering & project management",
];
const LF_REFERENCES = ["United States", "Germany", "China", "Japan", "United Kingdom"];

function currenciesFor(geo: Geography, withCent: boolean): string[] {
  const list = [geo.country.currency, "USD", "EUR", "GBP", "CNY", "JPY"];
  if (withCent) list.splice(2, 0, "USD cent");
  return [...new Set(list)];
}

function energyTemplates(): Template[] {
  const out: Template[] = [];
  for (const geo of GEOGRAPHY) {
    for (const spec of ENERGY) {
      const h = stringHash(geo.country.name + spec.commodity);
      // Not every market everywhere: most country/commodity pairs are assessed, at most hubs.
      if (unit(h, 1) > 0.88 && geo.country.name !== "United States") continue;
      const hubs = geo.hubs.filter((_, i) => i === 0 || unit(h, 2, i) < 0.85);
      hubs.forEach((hub, hubIndex) => {
        spec.specs.forEach((specification, s) => {
          spec.terms.forEach((terms, t) => {
            const peak = specification === "Peakload" ? 1.3 : 1;
            const delivered = /CIF|DES|delivered|ex-rack/i.test(terms) ? 1.04 : 1;
            out.push({
              kind: "energy",
              product: spec.product,
              commodity: spec.commodity,
              commodityId: spec.id,
              termId: 1 + s * spec.terms.length + t,
              geo,
              location: hub,
              area: hubIndex === 0 ? "N/A" : `${geo.country.iso2} secondary hub`,
              details: terms,
              specification,
              family: spec.family,
              level: spec.level * peak * delivered,
              baseUnit: spec.baseUnit,
              physics: spec.physics ?? {},
              currencies: ["USD", "EUR", "GBP", "CNY", "JPY"],
              units: spec.units,
              defaultCurrency: "USD",
              defaultUnit: spec.baseUnit,
              hasForecast: unit(h, 3, s, t) < 0.8,
              hasPreliminary: unit(h, 4, s, t) < 0.15,
              lag: 0,
              cadence: "monthly",
              seasonal: spec.seasonal ?? 0,
              noise: spec.noise,
              remark2: spec.remark2 ?? "N/A",
            });
          });
        });
      });
    }
  }
  return out;
}

function utilityTemplates(): Template[] {
  const out: Template[] = [];
  for (const geo of GEOGRAPHY) {
    for (const spec of UTILITIES) {
      geo.sites.forEach((site, siteIndex) => {
        const h = stringHash(geo.country.name + spec.commodity + site);
        spec.specs.forEach((specification, s) => {
          spec.terms.forEach((terms, t) => {
            // Secondary sites carry only the main specification and terms.
            if (siteIndex > 1 && (s > 0 || t > 0)) return;
            const small = /Medium user/.test(terms) ? 1.14 : /Small user/.test(terms) ? 1.3 : 1;
            const quality = /Potable|medium voltage/.test(specification) ? 1.08 : 1;
            const cent = spec.commodity === "Electricity" && geo.country.currency === "USD";
            out.push({
              kind: "utility",
              product: spec.product,
              commodity: spec.commodity,
              commodityId: spec.id,
              termId: 1 + s * spec.terms.length + t,
              geo,
              location: site,
              area: unit(h, 5) < 0.3 ? "Chemical park" : "N/A",
              details: terms,
              specification,
              family: spec.family,
              level: spec.level * geo.utilityLevel * small * quality * (1 + 0.06 * (unit(h, 6) - 0.5)),
              baseUnit: spec.baseUnit,
              physics: spec.physics ?? {},
              currencies: currenciesFor(geo, cent),
              units: spec.units,
              defaultCurrency: cent ? "USD cent" : geo.country.currency,
              defaultUnit: spec.units[0] as string,
              hasForecast: unit(h, 7, s, t) < 0.6,
              hasPreliminary: unit(h, 8, s, t) < 0.2,
              lag: spec.family === "water" ? 2 : 1,
              cadence: "monthly",
              seasonal: spec.seasonal ?? 0,
              noise: spec.noise,
              remark2: spec.remark2 ?? "N/A",
            });
          });
        });
      });
    }
  }
  return out;
}

function indexTemplates(): Template[] {
  const out: Template[] = [];
  for (const geo of GEOGRAPHY) {
    COST_SUBINDICES.forEach((specification, s) => {
      out.push({
        kind: "cost_index",
        product: "Industry Economics – Plant Construction Cost Indices",
        commodity: "Plant construction cost index",
        commodityId: 20,
        termId: 1 + s,
        geo,
        location: geo.country.name,
        area: "N/A",
        details: "Index, January 2007 = 100",
        specification,
        family: "cost_index",
        level: [1, 1.04, 1.07, 0.96, 0.98][s] as number,
        baseUnit: "Index",
        physics: {},
        currencies: [],
        units: [],
        defaultCurrency: "N/A",
        defaultUnit: "Index",
        hasForecast: true,
        hasPreliminary: s === 0,
        lag: 2,
        cadence: "monthly",
        seasonal: 0,
        noise: 0.003,
        remark2: "Local-currency basis",
      });
    });
    LF_REFERENCES.forEach((refName, r) => {
      if (refName === geo.country.name && r > 0) return;
      // Every country against the United States; the other pairs for about half the countries.
      if (r > 0 && unit(stringHash(geo.country.name), 9, r) > 0.5) return;
      out.push({
        kind: "location_factor",
        product: "Industry Economics – Plant Location Factors",
        commodity: "Plant location factor",
        commodityId: 21,
        termId: 1 + r,
        geo,
        location: geo.country.name,
        area: "N/A",
        details: `Relative to ${refName} = 1.00`,
        specification: "Process plant, total installed cost",
        family: "location_factor",
        level: 1,
        baseUnit: "Factor",
        physics: {},
        currencies: [],
        units: [],
        defaultCurrency: "N/A",
        defaultUnit: "Factor",
        hasForecast: false,
        hasPreliminary: false,
        lag: 0,
        cadence: "quarterly",
        seasonal: 0,
        noise: 0.004,
        remark2: "Published quarterly",
        reference: geographyOf(refName),
      });
    });
  }
  return out;
}

const cache = new Map<string, Template[]>();

/**
 * Every template of a service, in a fixed shuffled order so that a small catalogue (the first N)
 * still spans kinds, commodities and countries.
 */
export function templatesOf(service: ServiceName, seed: number): Template[] {
  const key = `${service}:${seed}`;
  let list = cache.get(key);
  if (!list) {
    const natural =
      service === "energy_price" ? energyTemplates() : [...utilityTemplates(), ...indexTemplates()];
    list = natural
      .map((t, i) => ({ t, order: hash(seed, stringHash(service), i) }))
      .sort((a, b) => a.order - b.order)
      .map((x) => x.t);
    cache.set(key, list);
  }
  return list;
}
