import "server-only";
import { LineChart } from "echarts/charts";
import { DataZoomComponent, GridComponent, LegendComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { logger } from "@/lib/log";
import { type LineChartSpec, lineChartOption } from "./line-chart-option";

// A line chart drawn on the server as SVG (ECharts' own SSR), for the page's first paint: the
// reader sees the chart at once, and the interactive one replaces it when its code has loaded. It
// scales to its box (drawn at a desktop card's width); ECharts escapes the text it writes.
echarts.use([LineChart, GridComponent, LegendComponent, DataZoomComponent, SVGRenderer]);

const WIDTH = 1100;

export function lineChartSvg(spec: LineChartSpec, height = 380): string | null {
  try {
    const chart = echarts.init(null, undefined, { renderer: "svg", ssr: true, width: WIDTH, height });
    chart.setOption({ animation: false, ...lineChartOption(spec), tooltip: undefined });
    const svg = chart.renderToSVGString();
    chart.dispose();
    // Scales with its box instead of keeping the drawn size.
    return svg.replace(/^<svg([^>]*?) width="\d+" height="\d+"/, `<svg$1 width="100%" height="100%"`);
  } catch (error) {
    logger().warn({ err: String(error) }, "server chart drawing failed; the page shows it when loaded");
    return null;
  }
}
