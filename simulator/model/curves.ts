// Market curves by month, 2007 onwards: anchors that follow the real shape of each market (the
// 2008 spike and crash, the 2014–16 oil slump, the 2020 collapse, the 2022 energy crisis),
// interpolated in log space. Levels are in USD per the family's reference unit.
import { type MonthIndex, monthIndex, parseMonth } from "@/lib/domain/months";

type Anchors = ReadonlyArray<readonly [string, number]>;

// biome-ignore format: one market per line reads best
const ANCHORS = {
  // Brent-like crude, USD/Bbl
  oil: [["2007-01", 55], ["2007-11", 92], ["2008-07", 133], ["2008-12", 42], ["2009-06", 69], ["2011-04", 123], ["2012-06", 95], ["2013-09", 112], ["2014-06", 111], ["2015-01", 48], ["2015-05", 64], ["2016-01", 31], ["2017-06", 46], ["2018-10", 81], ["2018-12", 57], ["2019-12", 66], ["2020-04", 23], ["2020-12", 50], ["2021-10", 84], ["2022-06", 118], ["2022-12", 81], ["2023-06", 75], ["2023-09", 94], ["2024-04", 89], ["2024-12", 74], ["2025-04", 66], ["2025-12", 64], ["2026-10", 68], ["2030-12", 72]],
  // Henry Hub-like gas, USD/MMBtu
  gas_us: [["2007-01", 6.6], ["2008-07", 12.7], ["2009-09", 3.0], ["2010-01", 5.8], ["2012-04", 1.95], ["2014-02", 6.0], ["2015-12", 1.9], ["2016-03", 1.7], ["2018-11", 4.1], ["2019-12", 2.2], ["2020-06", 1.6], ["2021-10", 5.5], ["2022-08", 8.8], ["2023-03", 2.3], ["2024-03", 1.5], ["2025-03", 4.1], ["2025-10", 3.2], ["2026-10", 3.6], ["2030-12", 3.9]],
  // TTF-like gas, USD/MMBtu
  gas_eu: [["2007-01", 6.5], ["2008-10", 12.2], ["2009-06", 4.0], ["2011-06", 9.5], ["2013-03", 10.8], ["2016-06", 4.1], ["2018-09", 9.0], ["2020-05", 1.6], ["2021-06", 9.0], ["2021-12", 36], ["2022-03", 40], ["2022-08", 70], ["2022-12", 36], ["2023-06", 10], ["2023-12", 12], ["2024-05", 10], ["2025-02", 15.5], ["2025-08", 11.5], ["2026-10", 10.8], ["2030-12", 9.5]],
  // JKM-like Asian LNG, USD/MMBtu
  gas_asia: [["2007-01", 7.8], ["2008-09", 19], ["2009-06", 5.5], ["2011-06", 14], ["2012-06", 16.5], ["2014-02", 19.5], ["2015-06", 7.5], ["2016-04", 4.5], ["2018-01", 10.5], ["2020-05", 2.0], ["2021-01", 12], ["2021-10", 34], ["2022-03", 38], ["2022-08", 57], ["2022-12", 30], ["2023-06", 9.5], ["2024-02", 9], ["2025-02", 14.5], ["2025-10", 11.5], ["2026-10", 11.8], ["2030-12", 10.5]],
  // Newcastle-like thermal coal, USD/t
  coal: [["2007-01", 58], ["2008-07", 192], ["2009-03", 65], ["2011-01", 135], ["2013-06", 85], ["2016-01", 50], ["2016-11", 100], ["2018-07", 118], ["2020-08", 50], ["2021-10", 230], ["2022-03", 360], ["2022-09", 420], ["2023-06", 135], ["2024-06", 135], ["2025-05", 100], ["2026-10", 112], ["2030-12", 105]],
  // European wholesale power, USD/MWh
  power_eu: [["2007-01", 52], ["2008-09", 95], ["2009-06", 48], ["2011-06", 65], ["2013-06", 45], ["2016-02", 29], ["2018-09", 65], ["2020-04", 20], ["2021-06", 80], ["2021-12", 250], ["2022-08", 470], ["2022-12", 250], ["2023-06", 100], ["2024-02", 70], ["2025-02", 130], ["2025-08", 85], ["2026-10", 88], ["2030-12", 80]],
  // US wholesale power, USD/MWh
  power_us: [["2007-01", 55], ["2008-07", 85], ["2009-06", 40], ["2012-04", 30], ["2014-02", 70], ["2016-03", 27], ["2018-12", 42], ["2020-04", 20], ["2021-02", 70], ["2022-08", 115], ["2023-06", 38], ["2024-06", 42], ["2025-06", 52], ["2026-10", 55], ["2030-12", 58]],
  // Construction cost escalation, index (2007-01 = 100)
  construction: [["2007-01", 100], ["2008-09", 114], ["2009-09", 104], ["2011-12", 112], ["2014-12", 117], ["2016-06", 114], ["2019-12", 126], ["2020-06", 124], ["2021-06", 137], ["2022-09", 162], ["2023-12", 166], ["2025-06", 173], ["2026-10", 179], ["2030-12", 198]],
  // General price level (water, labour-heavy utilities), index (2007-01 = 1)
  inflation: [["2007-01", 1.0], ["2008-08", 1.06], ["2009-06", 1.04], ["2014-12", 1.13], ["2016-01", 1.13], ["2019-12", 1.23], ["2020-05", 1.22], ["2021-06", 1.29], ["2022-10", 1.42], ["2023-12", 1.47], ["2025-06", 1.53], ["2026-10", 1.57], ["2030-12", 1.75]],
  // Currencies per USD
  fx_eur: [["2007-01", 0.77], ["2008-04", 0.635], ["2008-11", 0.79], ["2010-06", 0.82], ["2011-04", 0.69], ["2012-07", 0.81], ["2014-05", 0.725], ["2015-03", 0.925], ["2017-12", 0.845], ["2018-04", 0.81], ["2020-03", 0.91], ["2021-05", 0.82], ["2022-09", 1.02], ["2023-07", 0.9], ["2024-10", 0.92], ["2025-01", 0.965], ["2025-07", 0.855], ["2026-10", 0.87], ["2030-12", 0.88]],
  fx_gbp: [["2007-01", 0.51], ["2008-11", 0.66], ["2009-03", 0.7], ["2014-07", 0.585], ["2016-10", 0.815], ["2018-04", 0.705], ["2020-03", 0.81], ["2021-05", 0.71], ["2022-09", 0.89], ["2023-07", 0.78], ["2025-01", 0.81], ["2026-10", 0.755], ["2030-12", 0.76]],
  fx_cny: [["2007-01", 7.8], ["2008-07", 6.83], ["2010-06", 6.82], ["2013-12", 6.1], ["2016-12", 6.95], ["2018-03", 6.3], ["2019-09", 7.15], ["2021-05", 6.4], ["2022-10", 7.25], ["2023-09", 7.3], ["2025-04", 7.3], ["2026-10", 7.1], ["2030-12", 7.0]],
  fx_jpy: [["2007-01", 120], ["2008-12", 91], ["2011-10", 77], ["2012-10", 79], ["2013-05", 101], ["2015-06", 124], ["2016-09", 102], ["2018-06", 110], ["2020-06", 107], ["2022-10", 148], ["2023-10", 150], ["2024-07", 158], ["2025-04", 143], ["2026-10", 150], ["2030-12", 140]],
} as const satisfies Record<string, Anchors>;

export type CurveName = keyof typeof ANCHORS;

const START = monthIndex(2007, 1);
export const CURVE_END = monthIndex(2030, 12);
const cache = new Map<CurveName, Float64Array>();

function build(anchors: Anchors): Float64Array {
  const points = anchors.map(([m, v]) => [parseMonth(m) as number, Math.log(v)] as const);
  const out = new Float64Array(CURVE_END - START + 1);
  let k = 0;
  for (let m = START; m <= CURVE_END; m++) {
    while (k < points.length - 2 && (points[k + 1]?.[0] ?? 0) <= m) k++;
    const [m0, v0] = points[k] as readonly [number, number];
    const [m1, v1] = points[k + 1] as readonly [number, number];
    const t = Math.min(1, Math.max(0, (m - m0) / (m1 - m0)));
    out[m - START] = Math.exp(v0 + (v1 - v0) * t);
  }
  return out;
}

/** The curve's level in `month` (held flat outside 2007–2030). */
export function curve(name: CurveName, month: MonthIndex): number {
  let series = cache.get(name);
  if (!series) {
    series = build(ANCHORS[name]);
    cache.set(name, series);
  }
  const i = Math.min(Math.max(month - START, 0), series.length - 1);
  return series[i] as number;
}

/** Mean of the curve over the `span` months ending at `month` (sluggish retail tariffs). */
export function trailingMean(name: CurveName, month: MonthIndex, span: number): number {
  let sum = 0;
  for (let k = 0; k < span; k++) sum += curve(name, month - k);
  return sum / span;
}

/** Units of `currency` per US dollar in `month`. */
export function fxPerUsd(currency: string, month: MonthIndex): number {
  switch (currency) {
    case "USD":
      return 1;
    case "USD cent":
      return 100;
    case "EUR":
      return curve("fx_eur", month);
    case "GBP":
      return curve("fx_gbp", month);
    case "CNY":
      return curve("fx_cny", month);
    case "JPY":
      return curve("fx_jpy", month);
    default:
      throw new Error(`No exchange rate for ${currency}`);
  }
}
