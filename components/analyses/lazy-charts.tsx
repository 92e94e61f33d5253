"use client";

import dynamic from "next/dynamic";

// The analyses' charts, loaded only in the browser and only where a chart is shown.
const loading = () => <p className="muted">Loading chart…</p>;

export const FactorBars = dynamic(() => import("./factor-charts").then((m) => m.FactorBars), {
  ssr: false,
  loading,
});
export const FactorHeatmap = dynamic(() => import("./factor-charts").then((m) => m.FactorHeatmap), {
  ssr: false,
  loading,
});
export const FactorTrend = dynamic(() => import("./factor-charts").then((m) => m.FactorTrend), {
  ssr: false,
  loading,
});
export const ForecastFan = dynamic(() => import("./series-charts").then((m) => m.ForecastFan), {
  ssr: false,
  loading,
});
export const VintageOverlay = dynamic(() => import("./series-charts").then((m) => m.VintageOverlay), {
  ssr: false,
  loading,
});
