// Everything one running simulator knows: options, clock, catalogue, limits, tokens and faults.
import { type CalendarRules, releaseInstant, releasePeriod, VENDOR_CALENDAR } from "@/lib/domain/calendar";
import { COUNTRIES } from "@/lib/domain/countries";
import { type MonthIndex, parseMonth } from "@/lib/domain/months";
import type { ServiceName } from "@/lib/domain/services";
import { SimulatedClock } from "./clock";
import type { SimulatorOptions } from "./config";
import { Catalogue } from "./model/catalogue";
import { allDatasets } from "./model/datasets";
import { unit } from "./model/random";
import type { RecordStyle } from "./model/records";
import { type Faults, NO_FAULTS } from "./state/faults";
import { Limits } from "./state/limits";
import { TokenIssuer } from "./state/tokens";

export class SimulatorState {
  readonly clock: SimulatedClock;
  readonly catalogue: Catalogue;
  readonly limits: Limits;
  readonly tokens: TokenIssuer;
  readonly rules: CalendarRules;
  readonly style: RecordStyle;
  faults: Faults = NO_FAULTS;
  private faultDraws = 0;
  private faultBudget = 0;
  private transientDraws = 0;
  /** requests that just got a transient fault: their next try succeeds */
  private readonly transientFailed = new Set<string>();
  private readonly datasetCache = new Map<string, string[]>();
  private readonly releaseInstants = new Map<MonthIndex, Date>();
  /** every dataset key there can be (countries, or the regions of the scheme) */
  readonly datasetKeys: readonly string[];

  constructor(readonly options: SimulatorOptions) {
    this.clock = new SimulatedClock(options.clock);
    const [hour, minute] = options.releaseTime.split(":").map(Number) as [number, number];
    this.rules = {
      ...VENDOR_CALENDAR,
      windows: options.windows,
      releaseDay: options.releaseDay,
      releaseAt: { hour, minute },
    };
    this.catalogue = new Catalogue({
      seed: options.seed,
      size: options.size,
      lifecycleFrom: parseMonth(options.lifecycleFrom) as MonthIndex,
      datasetKeys: options.datasetKeys,
      regionScheme: options.regionScheme,
      wording: options.wording,
      releaseDay: options.releaseDay,
    });
    this.datasetKeys = allDatasets(
      COUNTRIES.map((c) => c.name),
      options.datasetKeys,
      options.regionScheme,
    );
    const unknown = options.datasets?.filter((d) => !this.canonicalDataset(d));
    if (unknown?.length)
      throw new Error(
        `Unknown dataset ${unknown.join(", ")} in --datasets; the keys are: ${this.datasetKeys.join(", ")}`,
      );
    this.style = {
      wording: options.wording,
      stringScalars: options.stringScalars,
      shufflePoints: options.shufflePoints,
      extraFields: options.extraFields,
      datasetField: options.datasetField,
      releaseInstant: (release) => {
        let at = this.releaseInstants.get(release);
        if (!at) {
          at = releaseInstant(release, this.rules);
          this.releaseInstants.set(release, at);
        }
        return at;
      },
    };
    this.limits = new Limits({
      ratePerSecond: options.ratePerSecond,
      dailyQuota: options.dailyQuota,
      seriesInfoMonthlyQuota: options.seriesInfoMonthlyQuota,
      codeQuota: options.codeQuota,
      sandboxDaily: {
        series_info: options.sandboxInfoDailyQuota,
        series: options.sandboxValuesDailyQuota,
        series_hist: options.sandboxHistoryDailyQuota,
      },
    });
    this.tokens = new TokenIssuer(options.secret, options.tokenTtlSeconds, options.tokenMaxUses);
  }

  /** The release whose data is current: its month. */
  vintage(now = this.clock.now()): MonthIndex {
    return releasePeriod(now, this.rules);
  }

  serviceSubscribed(service: ServiceName): boolean {
    return this.options.services.includes(service);
  }

  /** The dataset key as the report writes it, for a key in any letter case; undefined if unknown. */
  canonicalDataset(dataset: string): string | undefined {
    const wanted = dataset.trim().toLowerCase();
    return this.datasetKeys.find((k) => k.toLowerCase() === wanted);
  }

  datasetSubscribed(dataset: string): boolean {
    const list = this.options.datasets;
    return !list || list.some((d) => d.toLowerCase() === dataset.toLowerCase());
  }

  /** Every dataset key of a service's report (subscribed only), cached per vintage. */
  datasetsOf(service: ServiceName): string[] {
    const key = `${service}@${this.vintage()}`;
    let list = this.datasetCache.get(key);
    if (!list) {
      const keys = new Set<string>();
      for (const s of this.catalogue.listed(service, this.vintage()))
        if (this.datasetSubscribed(s.dataset)) keys.add(s.dataset);
      list = [...keys].sort();
      this.datasetCache.set(key, list);
    }
    return list;
  }

  setFaults(faults: Faults): void {
    this.faults = faults;
    this.faultBudget = faults.count;
  }

  /** Whether a fault with probability `rate` fires now (deterministic sequence). */
  draw(rate: number, salt: number): boolean {
    if (rate <= 0) return false;
    return unit(this.options.seed, ++this.faultDraws, salt) < rate;
  }

  /**
   * A transient fault for this data request (--transient-fault-rate): 503 or 500, by seeded
   * chance per request, or null. Never twice in a row for the same request: the retry succeeds.
   */
  transientFault(request: string): 500 | 503 | null {
    const rate = this.options.transientFaultRate;
    if (rate <= 0) return null;
    if (this.transientFailed.delete(request)) return null;
    const draw = ++this.transientDraws;
    if (unit(this.options.seed, draw, 41) >= rate) return null;
    if (this.transientFailed.size >= 10_000) this.transientFailed.clear();
    this.transientFailed.add(request);
    return unit(this.options.seed, draw, 42) < 0.5 ? 503 : 500;
  }

  /** Counts one request against a limited fault run; clears the faults when it is used up. */
  spendFaultBudget(): void {
    if (this.faults.count > 0 && --this.faultBudget <= 0) this.setFaults(NO_FAULTS);
  }
}
