"use client";

import { useMemo } from "react";
import { LineChart } from "@/components/charts/line-chart";

// Series analyses: past forecasts fanned over the finals, and two vintages overlaid.
type MonthValue = { month: string; value: number };
const asPoints = (list: MonthValue[]) => list.map((p) => ({ date: `${p.month}-01`, value: p.value }));

export function ForecastFan({
  title,
  finals,
  vintages,
}: {
  title: string;
  finals: MonthValue[];
  vintages: { date: string; lastFinal: string; points: { month: string; forecast: number }[] }[];
}) {
  const series = useMemo(() => {
    const first = vintages[0]?.lastFinal ?? "";
    // Finals from a year before the oldest forecast on, so the fan is readable.
    const from = `${Number(first.slice(0, 4)) - 1}${first.slice(4)}`;
    const byMonth = new Map(finals.map((f) => [f.month, f.value]));
    return [
      { name: "Finals", points: asPoints(finals.filter((f) => f.month >= from)), color: "#0f172a" },
      ...vintages.map((v) => {
        const start = byMonth.get(v.lastFinal);
        return {
          name: `Forecast of ${v.date.slice(0, 10)}`,
          forecast: true,
          faint: true,
          points: asPoints([
            ...(start === undefined ? [] : [{ month: v.lastFinal, value: start }]),
            ...v.points.map((p) => ({ month: p.month, value: p.forecast })),
          ]),
        };
      }),
    ];
  }, [finals, vintages]);
  const axes = useMemo(() => [""], []);
  return (
    <LineChart
      series={series}
      axisNames={axes}
      label={`Past forecasts of ${title} over its finals`}
      filename="forecast-fan"
    />
  );
}

export function VintageOverlay({
  title,
  a,
  b,
}: {
  title: string;
  a: { date: string; points: MonthValue[] };
  b: { date: string; points: MonthValue[] };
}) {
  const series = useMemo(
    () => [
      {
        name: `Older: ${a.date.slice(0, 16).replace("T", " ")}`,
        points: asPoints(a.points),
        color: "#94a3b8",
      },
      {
        name: `Newer: ${b.date.slice(0, 16).replace("T", " ")}`,
        points: asPoints(b.points),
        color: "#2563eb",
      },
    ],
    [a, b],
  );
  const axes = useMemo(() => [""], []);
  return (
    <LineChart
      series={series}
      axisNames={axes}
      label={`Two vintages of ${title} overlaid`}
      filename="vintages"
    />
  );
}
