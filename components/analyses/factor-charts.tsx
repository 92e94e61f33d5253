"use client";

import { useMemo } from "react";
import { type ChartOption, EChart } from "@/components/charts/echart";
import { LineChart } from "@/components/charts/line-chart";

// Location factor charts: the ranking against one base, the country × country matrix, pairs over time.

export function FactorBars({ base, items }: { base: string; items: { country: string; value: number }[] }) {
  const option = useMemo<ChartOption>(() => {
    const rows = [...items].reverse(); // highest at the top
    return {
      grid: { left: 130, right: 50, top: 10, bottom: 30 },
      tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
      xAxis: { type: "value", name: `${base} = 1` },
      yAxis: { type: "category", data: rows.map((i) => i.country) },
      series: [
        {
          type: "bar",
          data: rows.map((i) => ({
            value: i.value,
            itemStyle: { color: i.country === base ? "#334155" : i.value >= 1 ? "#60a5fa" : "#f87171" },
          })),
          label: { show: true, position: "right", formatter: (p: { value: number }) => p.value.toFixed(2) },
        },
      ],
    };
  }, [base, items]);
  return (
    <EChart
      option={option}
      label={`Location factors relative to ${base}, ranked`}
      height={Math.max(240, items.length * 22 + 40)}
      filename={`location-factors-${base}`}
    />
  );
}

export function FactorHeatmap({
  month,
  countries,
  values,
}: {
  month: string;
  countries: string[];
  values: (number | null)[][];
}) {
  const option = useMemo<ChartOption>(() => {
    const data: [number, number, number][] = [];
    values.forEach((row, b) => {
      row.forEach((v, c) => {
        if (v !== null) data.push([c, b, v]);
      });
    });
    const logs = data.map((d) => Math.log(d[2]));
    const span = Math.max(0.1, ...logs.map(Math.abs));
    return {
      grid: { left: 130, right: 20, top: 10, bottom: 120 },
      tooltip: {
        formatter: (p: { value: [number, number, number] }) =>
          `${countries[p.value[0]]} relative to ${countries[p.value[1]]}: ${p.value[2].toFixed(3)}`,
      },
      xAxis: { type: "category", data: countries, axisLabel: { rotate: 60 }, name: "country" },
      yAxis: { type: "category", data: countries, name: "base", inverse: true },
      visualMap: {
        type: "continuous",
        min: Math.exp(-span),
        max: Math.exp(span),
        calculable: false,
        orient: "horizontal",
        left: "center",
        bottom: 0,
        inRange: { color: ["#dc2626", "#f8fafc", "#2563eb"] },
        show: false,
      },
      series: [{ type: "heatmap", data, emphasis: { itemStyle: { borderColor: "#000", borderWidth: 1 } } }],
    };
  }, [countries, values]);
  return (
    <EChart
      option={option}
      label={`Matrix of location factors between ${countries.length} countries, ${month}`}
      height={Math.max(320, countries.length * 20 + 140)}
      filename={`location-factor-matrix-${month}`}
    />
  );
}

export function FactorTrend({
  base,
  lines,
}: {
  base: string;
  lines: { country: string; points: { month: string; value: number }[] }[];
}) {
  const series = useMemo(
    () =>
      lines.map((l) => ({
        name: `${l.country} / ${base}`,
        points: l.points.map((p) => ({ date: `${p.month}-01`, value: p.value })),
      })),
    [base, lines],
  );
  const axes = useMemo(() => [`${base} = 1`], [base]);
  return (
    <LineChart
      series={series}
      axisNames={axes}
      label={`Location factors relative to ${base} over time`}
      filename={`location-factor-trend-${base}`}
    />
  );
}
