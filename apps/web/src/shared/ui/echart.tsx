import { BarChart, LineChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the chart types and parts the platform draws, so the chunk stays small.
echarts.use([
  BarChart,
  LineChart,
  RadarChart,
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  /** The chart's accessible name: a canvas says nothing by itself. */
  label: string;
  testId?: string;
}

/**
 * One ECharts chart that follows its box's width (a phone turned, a side menu folded). Import this file
 * lazily: it brings the chart library, which only the report pages need.
 */
export function EChart({ option, height, label, testId }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const node = ref.current;
    if (!node) return undefined;
    const instance = echarts.init(node, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return (
    <div ref={ref} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />
  );
}
