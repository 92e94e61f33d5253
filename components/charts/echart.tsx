"use client";

import { BarChart, HeatmapChart, LineChart } from "echarts/charts";
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer, SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

// One ECharts host for every chart: tree-shaken modules, resize, and a download of the chart as
// PNG (from the canvas) or SVG (the same option rendered once more by the SVG renderer).
echarts.use([
  LineChart,
  BarChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  VisualMapComponent,
  CanvasRenderer,
  SVGRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

function save(href: string, filename: string): void {
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
}

export function EChart({
  option,
  label,
  height = 380,
  filename = "chart",
  onDrawn,
}: {
  /** memoise it: a new object redraws the chart */
  option: ChartOption;
  label: string;
  height?: number;
  filename?: string;
  /** called each time the chart has been drawn from a (new) option */
  onDrawn?: () => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const drawnCallback = useRef(onDrawn);
  drawnCallback.current = onDrawn;
  // One ECharts instance for the chart's life; a new option redraws it in place (a new instance
  // per option would rebuild the canvas and its handlers each time a control changes).
  useEffect(() => {
    const host = el.current;
    if (!host) return;
    const c = echarts.init(host, undefined, { renderer: "canvas" });
    chart.current = c;
    // Counts the frames drawn, for tests and benchmarks that wait for a redraw.
    c.on("finished", () => {
      host.dataset.drawn = String(Number(host.dataset.drawn ?? 0) + 1);
    });
    // Follows its box, not only the window (a drawer, a rotated phone, a resized card). The
    // observer also reports the size the chart was just drawn at: that needs no second drawing.
    let drawn = { width: host.clientWidth, height: host.clientHeight };
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.target as HTMLElement | undefined;
      if (!box || (box.clientWidth === drawn.width && box.clientHeight === drawn.height)) return;
      drawn = { width: box.clientWidth, height: box.clientHeight };
      c.resize();
    });
    observer.observe(host);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    // notMerge: the new option replaces the old one whole (series removed stay removed).
    chart.current?.setOption({ animation: false, ...option }, { notMerge: true });
    drawnCallback.current?.();
  }, [option]);

  const download = (type: "png" | "svg") => {
    const name = `${filename}.${type}`;
    if (type === "png") {
      const url = chart.current?.getDataURL({ type: "png", pixelRatio: 2, backgroundColor: "#fff" });
      if (url) save(url, name);
      return;
    }
    const svg = echarts.init(null, undefined, {
      renderer: "svg",
      ssr: true,
      width: el.current?.clientWidth || 900,
      height,
    });
    svg.setOption({ animation: false, backgroundColor: "#fff", ...option });
    const url = URL.createObjectURL(new Blob([svg.renderToSVGString()], { type: "image/svg+xml" }));
    svg.dispose();
    save(url, name);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <figure className="chart" style={{ margin: 0 }}>
      <div ref={el} role="img" aria-label={label} style={{ width: "100%", height }} />
      <figcaption className="row small">
        <button type="button" className="button" onClick={() => download("png")}>
          Download PNG
        </button>
        <button type="button" className="button" onClick={() => download("svg")}>
          Download SVG
        </button>
      </figcaption>
    </figure>
  );
}
