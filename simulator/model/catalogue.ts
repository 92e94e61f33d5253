// The simulated catalogue: numbers templates into codes, applies the lifecycle, and renders the
// vendor's records. Nothing per assessment is stored; a record is rebuilt from its index on
// demand, which keeps a 50,000-assessment catalogue in a few megabytes.
import { FIRST_MONTH, type MonthIndex, monthToDate } from "@/lib/domain/months";
import type { ServiceName } from "@/lib/domain/services";
import { type DatasetKeys, datasetOf, type RegionScheme } from "./datasets";
import {
  type Addition,
  buildLifecycle,
  LISTED_AFTER_DISCONTINUATION,
  type Lifecycle,
  type RevisionEvent,
  revisionEvents,
} from "./lifecycle";
import { hash, signed, stringHash, unit } from "./random";
import { type Template, templatesOf } from "./templates";
import type { SeriesIdentity } from "./values";

export type CatalogueOptions = {
  seed: number;
  /** total assessments across both services; undefined → every template once (≈ 3,100) */
  size?: number;
  lifecycleFrom: MonthIndex;
  datasetKeys: DatasetKeys;
  regionScheme: RegionScheme;
  /** `live`: the live vendor's wording of cost-index commodities and location-factor details */
  wording: "default" | "live";
  releaseDay: number;
};

/** Cost-index commodity and location-factor reference in the live vendor's words. */
export const LIVE_COST_INDEX_COMMODITY = "Capital cost escalation, process plant";
const liveReference = (country: string) => `Base location: ${country} (=1)`;

export type Series = {
  service: ServiceName;
  index: number;
  code: string;
  template: Template;
  identity: SeriesIdentity;
  commodity: string;
  location: string;
  details: string;
  specification: string;
  addition?: Addition;
  discontinuedAt?: MonthIndex;
  replacementCode?: string;
  replacesCode?: string;
  /** the vintage its data is frozen at (discontinued series stop updating) */
  effectiveVintage: MonthIndex;
  lastFinal: MonthIndex;
  updatedRelease: MonthIndex;
  seriesHistChanged: boolean;
  events: RevisionEvent[];
  dataset: string;
};

const MODULUS = 99_991; // prime: codes' first part is an affine bijection of the index below it
const NEW_TERMS = [
  "Green tariff",
  "Interruptible supply",
  "12-month fixed price",
  "Index-linked contract",
  "Night rate",
];

function modInverse(a: number, m: number): number {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

export class Catalogue {
  private readonly lifecycles = new Map<string, Lifecycle>();
  private readonly counts: Record<ServiceName, number>;

  constructor(readonly options: CatalogueOptions) {
    const ie = templatesOf("industry_economics", options.seed).length;
    const ep = templatesOf("energy_price", options.seed).length;
    const size = options.size ?? ie + ep;
    const ieCount = Math.round((size * ie) / (ie + ep));
    this.counts = { industry_economics: ieCount, energy_price: size - ieCount };
    if (size > 2 * (MODULUS - 2000)) throw new Error(`--size at most ${2 * (MODULUS - 2000)}`);
  }

  baseCount(service: ServiceName): number {
    return this.counts[service];
  }

  private salt(service: ServiceName): number {
    return stringHash(service);
  }

  private codeParams(service: ServiceName) {
    const a = 1 + (hash(this.options.seed, this.salt(service), 1) % (MODULUS - 2));
    return {
      a,
      b: hash(this.options.seed, this.salt(service), 2) % MODULUS,
      inverse: modInverse(a, MODULUS),
    };
  }

  private firstPart(service: ServiceName, index: number): string {
    const { a, b } = this.codeParams(service);
    return String((a * (index + 1) + b) % MODULUS).padStart(5, "0");
  }

  lifecycle(service: ServiceName, vintage: MonthIndex): Lifecycle {
    const key = `${service}:${vintage}`;
    let state = this.lifecycles.get(key);
    if (!state) {
      state = buildLifecycle(
        this.options.seed,
        this.salt(service),
        this.counts[service],
        this.options.lifecycleFrom,
        vintage,
      );
      if (this.lifecycles.size > 8) this.lifecycles.clear();
      this.lifecycles.set(key, state);
    }
    return state;
  }

  /** Months of finals released by `release` for a template (lag, quarterly cadence). */
  private lastFinalAt(t: Template, release: MonthIndex): MonthIndex {
    const last = release - 1 - t.lag;
    return t.cadence === "quarterly" ? last - (((last % 3) + 1) % 3) : last;
  }

  /** The series with this index as of `vintage`, or null when it does not exist (yet). */
  series(service: ServiceName, index: number, vintage: MonthIndex): Series | null {
    const life = this.lifecycle(service, vintage);
    const found = this.templateOf(service, index, life);
    if (!found) return null;
    const { template, block, addition } = found;
    const salt = hash(this.salt(service), index);
    let levelFactor = block ? 1 + 0.03 * signed(this.options.seed, salt, 3) : 1;
    const live = this.options.wording === "live";
    let details =
      live && template.kind === "location_factor" && template.reference
        ? liveReference(template.reference.country.name)
        : template.details;
    let specification = template.specification;
    if (addition?.kind === "replacement") {
      levelFactor *= 1 + 0.05 + 0.1 * unit(this.options.seed, salt, 4);
      specification = `${template.specification} (revised basis)`;
    } else if (addition?.kind === "new_terms") {
      levelFactor *= 1 + 0.1 * signed(this.options.seed, salt, 5);
      details = `${details}; ${NEW_TERMS[hash(this.options.seed, salt, 6) % NEW_TERMS.length]}`;
    }
    const discontinuedAt = life.discontinued.get(index);
    const effectiveVintage = discontinuedAt !== undefined ? discontinuedAt - 1 : vintage;
    const lastFinal = this.lastFinalAt(template, effectiveVintage);
    const finalAt = (r: MonthIndex) => this.lastFinalAt(template, r);
    // A quarterly series changes only at the releases that publish its quarter.
    const events = revisionEvents(
      this.options.seed,
      salt,
      index,
      this.options.lifecycleFrom,
      effectiveVintage,
      finalAt,
    ).filter((e) => template.cadence === "monthly" || finalAt(e.release) !== finalAt(e.release - 1));
    const published = template.cadence === "quarterly" ? lastFinal + 1 + template.lag : effectiveVintage;
    const updatedRelease = Math.max(published, addition?.release ?? 0, ...events.map((e) => e.release));
    const replacement = life.replacement.get(index);
    const country = template.geo.country;
    return {
      service,
      index,
      code: this.codeAt(service, index, life) as string,
      template,
      identity: { template, seed: this.options.seed, salt, levelFactor },
      commodity: live && template.kind === "cost_index" ? LIVE_COST_INDEX_COMMODITY : template.commodity,
      location: block ? `${template.location} – Zone ${block + 1}` : template.location,
      details,
      specification,
      addition,
      discontinuedAt,
      replacementCode: replacement !== undefined ? this.codeAt(service, replacement, life) : undefined,
      replacesCode:
        addition?.replaces !== undefined ? this.codeAt(service, addition.replaces, life) : undefined,
      effectiveVintage,
      lastFinal,
      updatedRelease,
      seriesHistChanged:
        discontinuedAt === undefined && events.some((e) => e.release === vintage && e.historical),
      events,
      dataset: datasetOf(country.name, this.options.datasetKeys, this.options.regionScheme),
    };
  }

  /** The template an index is numbered from, and its zone block when the catalogue is scaled up. */
  private templateOf(service: ServiceName, index: number, life: Lifecycle) {
    const addition = index >= life.baseCount ? life.additions[index - life.baseCount] : undefined;
    if (index < 0 || (index >= life.baseCount && !addition)) return null;
    const origin = addition ? addition.origin : index;
    const templates = templatesOf(service, this.options.seed);
    const template = templates[origin % templates.length] as Template;
    return { template, block: Math.floor(origin / templates.length), addition };
  }

  private codeAt(service: ServiceName, index: number, life: Lifecycle): string | undefined {
    const found = this.templateOf(service, index, life);
    if (!found) return undefined;
    const term = found.template.termId + (found.addition?.kind === "new_terms" ? 10 : 0);
    return `${this.firstPart(service, index)}-${found.template.commodityId}-${term}`;
  }

  /** Whether Series Info still lists the series (discontinued ones stay for a few releases). */
  isListed(s: Series, vintage: MonthIndex): boolean {
    return s.discontinuedAt === undefined || vintage < s.discontinuedAt + LISTED_AFTER_DISCONTINUATION;
  }

  /** The listed series with this code as of `vintage`, or null for an unknown code. */
  findCode(service: ServiceName, code: string, vintage: MonthIndex): Series | null {
    const first = code.split("-")[0];
    if (!first || !/^\d{5}$/.test(first)) return null;
    const { b, inverse } = this.codeParams(service);
    const index = (((((Number(first) - b) % MODULUS) + MODULUS) * inverse) % MODULUS) - 1;
    const s = this.series(service, index, vintage);
    return s && s.code === code && this.isListed(s, vintage) ? s : null;
  }

  /** Every listed series of a service as of `vintage`. */
  *listed(service: ServiceName, vintage: MonthIndex): Generator<Series> {
    const life = this.lifecycle(service, vintage);
    const total = life.baseCount + life.additions.length;
    for (let index = 0; index < total; index++) {
      const s = this.series(service, index, vintage);
      if (s && this.isListed(s, vintage)) yield s;
    }
  }

  releaseDate(release: MonthIndex): string {
    return `${monthToDate(release).slice(0, 8)}${String(this.options.releaseDay).padStart(2, "0")}`;
  }
}

export { FIRST_MONTH };
