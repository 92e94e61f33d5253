// What happens to the catalogue at each release from `lifecycleFrom` on: some series are
// discontinued and replaced under a new code, some new assessments with new terms appear, and
// some series are revised (recently, or far back in history). Events are pure functions of the
// seed, the series and the release, so any vintage can be rebuilt on demand.
import type { MonthIndex } from "@/lib/domain/months";
import { FIRST_MONTH } from "@/lib/domain/months";
import { hash, signed, unit } from "./random";

export const DISCONTINUE_PROBABILITY = 0.0015;
export const REVISION_PROBABILITY = 0.03;
/** Releases a discontinued series stays listed (with a remark) before it vanishes. */
export const LISTED_AFTER_DISCONTINUATION = 3;

export type Addition = {
  index: number;
  release: MonthIndex;
  /** base template index the new series is modelled on */
  origin: number;
  kind: "replacement" | "new_terms";
  replaces?: number;
};

export type Lifecycle = {
  vintage: MonthIndex;
  baseCount: number;
  additions: Addition[];
  /** index → release at which it was discontinued */
  discontinued: Map<number, MonthIndex>;
  /** discontinued index → its replacement */
  replacement: Map<number, number>;
};

export type RevisionEvent = {
  release: MonthIndex;
  from: MonthIndex;
  to: MonthIndex;
  factor: number;
  historical: boolean;
};

/** Builds the catalogue's lifecycle up to `vintage` (inclusive). */
export function buildLifecycle(
  seed: number,
  salt: number,
  baseCount: number,
  lifecycleFrom: MonthIndex,
  vintage: MonthIndex,
): Lifecycle {
  const state: Lifecycle = {
    vintage,
    baseCount,
    additions: [],
    discontinued: new Map(),
    replacement: new Map(),
  };
  let next = baseCount;
  for (let release = lifecycleFrom; release <= vintage; release++) {
    const liveBefore = next;
    for (let index = 0; index < liveBefore; index++) {
      if (state.discontinued.has(index)) continue;
      if (unit(seed, salt, index, release, 77) >= DISCONTINUE_PROBABILITY) continue;
      state.discontinued.set(index, release);
      const origin = index < baseCount ? index : (state.additions[index - baseCount]?.origin ?? 0);
      state.replacement.set(index, next);
      state.additions.push({ index: next, release, origin, kind: "replacement", replaces: index });
      next++;
    }
    const newTerms = hash(seed, salt, release, 91) % 3;
    for (let k = 0; k < newTerms; k++) {
      const origin = hash(seed, salt, release, 92, k) % baseCount;
      state.additions.push({ index: next, release, origin, kind: "new_terms" });
      next++;
    }
  }
  return state;
}

/**
 * Revisions of one series published at releases up to `vintage`. A recent revision touches the
 * last months only (Series Values shows it); a historical one reaches further back than the
 * 13 months of Series Values and sets `series_hist_changed`.
 */
export function revisionEvents(
  seed: number,
  salt: number,
  index: number,
  lifecycleFrom: MonthIndex,
  vintage: MonthIndex,
  lastFinalAt: (release: MonthIndex) => MonthIndex,
): RevisionEvent[] {
  const out: RevisionEvent[] = [];
  for (let release = lifecycleFrom; release <= vintage; release++) {
    if (unit(seed, salt, index, release, 55) >= REVISION_PROBABILITY) continue;
    const last = lastFinalAt(release);
    const historical = unit(seed, salt, index, release, 56) < 0.4;
    const magnitude = 0.005 + 0.025 * unit(seed, salt, index, release, 57);
    const factor = 1 + Math.sign(signed(seed, salt, index, release, 58) || 1) * magnitude;
    if (historical) {
      const methodology = unit(seed, salt, index, release, 59) < 0.15;
      const span = last - 14 - FIRST_MONTH;
      const from = methodology
        ? FIRST_MONTH
        : FIRST_MONTH + (hash(seed, salt, index, release, 60) % Math.max(1, span));
      out.push({
        release,
        from,
        to: last - 1,
        factor: methodology ? 1 + (factor - 1) / 3 : factor,
        historical: true,
      });
    } else {
      out.push({ release, from: last - 6, to: last - 1, factor, historical: false });
    }
  }
  return out;
}
