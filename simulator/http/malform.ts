// Broken answers for resilience tests: invalid JSON, a non-numeric value, an impossible date, or
// the wrong shape.
import type { Faults } from "../state/faults";

type Point = { date: string; value: unknown };

function firstPoints(body: unknown): Point[] | null {
  if (!Array.isArray(body)) return null;
  const record = body[0] as { series_final_values?: Point[] } | undefined;
  return record?.series_final_values ?? null;
}

export function applyMalformation(body: unknown, kind: Faults["malformedKind"]): string {
  const copy = JSON.parse(JSON.stringify(body)) as unknown;
  switch (kind) {
    case "json":
      return JSON.stringify(copy).slice(0, 40);
    case "shape":
      return JSON.stringify({ data: copy });
    case "value": {
      const points = firstPoints(copy);
      if (points?.[0]) points[0].value = "n/a";
      else if (Array.isArray(copy) && copy[0]) (copy[0] as Record<string, unknown>).has_forecast = "maybe";
      return JSON.stringify(copy);
    }
    case "date": {
      const points = firstPoints(copy);
      if (points?.[0]) points[0].date = "2026-13-01";
      else if (Array.isArray(copy) && copy[0]) (copy[0] as Record<string, unknown>).updated_at = "2026-02-30";
      return JSON.stringify(copy);
    }
  }
}
