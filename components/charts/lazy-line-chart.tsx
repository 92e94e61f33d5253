"use client";

import dynamic from "next/dynamic";
import { type ComponentProps, useState } from "react";
import type { LineChart } from "./line-chart";

// ECharts is loaded only on pages that show a line chart, and in the browser only. The download
// starts as soon as such a page's code runs, not once it has rendered. Until the interactive chart
// is drawn, the page shows the same chart as the server drew it (SVG), or a line saying it loads.
const load = () => import("./line-chart").then((m) => m.LineChart);
if (typeof window !== "undefined") void load();

const Interactive = dynamic(load, { ssr: false, loading: () => null });

type Props = ComponentProps<typeof LineChart> & { placeholderSvg?: string | null };

export function LazyLineChart({ placeholderSvg, onDrawn, ...props }: Props) {
  const [drawn, setDrawn] = useState(false);
  const height = props.height ?? 380;
  return (
    <div className="lazy-chart" data-chart={props.label} style={{ minHeight: height }}>
      {!drawn &&
        (placeholderSvg ? (
          <div
            className="chart-placeholder"
            aria-hidden="true"
            style={{ height }}
            // Drawn by the server from this page's own data with ECharts' SVG renderer (text escaped).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered chart SVG
            dangerouslySetInnerHTML={{ __html: placeholderSvg }}
          />
        ) : (
          <p className="muted chart-placeholder">Loading chart…</p>
        ))}
      <Interactive
        {...props}
        onDrawn={() => {
          setDrawn(true);
          onDrawn?.();
        }}
      />
    </div>
  );
}
