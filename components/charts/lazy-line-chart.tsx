"use client";

import dynamic from "next/dynamic";

// ECharts is loaded only on pages that show a line chart, and in the browser only. The download
// starts as soon as such a page's code runs, not once it has rendered, so the chart library
// loads and compiles while React hydrates the page instead of after it.
const load = () => import("./line-chart").then((m) => m.LineChart);
if (typeof window !== "undefined") void load();

export const LazyLineChart = dynamic(load, {
  ssr: false,
  loading: () => <p className="muted">Loading chart…</p>,
});
