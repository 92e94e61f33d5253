"use client";

import { RANGE_LABELS, RANGE_PRESETS, type RangePreset } from "@/lib/domain/date-range";
import { useUrlParams } from "./use-url-params";

/** 1Y / 5Y / 10Y / Max: a preset replaces a typed From/To and lives in the URL as `range`. */
export function RangePresets({ active }: { active: RangePreset | null }) {
  const { pending, setParams, hrefWith } = useUrlParams();
  return (
    <fieldset className="field range-presets" aria-busy={pending}>
      <legend>Range</legend>
      <div className="segmented">
        {RANGE_PRESETS.map((preset) => {
          const changes = { range: preset === "max" ? null : preset, from: null, to: null };
          return (
            <a
              key={preset}
              href={hrefWith(changes)}
              className={`button small${preset === active ? " primary" : ""}`}
              aria-current={preset === active ? "true" : undefined}
              title={
                preset === "max" ? "Every month stored" : `The last ${RANGE_LABELS[preset].toLowerCase()}`
              }
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                setParams(changes);
              }}
            >
              {RANGE_LABELS[preset]}
            </a>
          );
        })}
      </div>
    </fieldset>
  );
}
