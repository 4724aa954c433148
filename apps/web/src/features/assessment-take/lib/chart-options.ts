import type { EChartsCoreOption } from 'echarts/core';

/**
 * The ECharts options of the assessment charts (docs/assessment.md "Results and reports"): a factor
 * profile as bars or a radar with the norm means beside the scores, and grouped bars for the analysis.
 * Pure data in, options out, so they are unit-tested without a canvas.
 */
export interface ProfileData {
  categories: string[];
  scores: number[];
  normMeans: (number | null)[];
}

export function profileOption(
  data: ProfileData,
  kind: 'bar' | 'radar' | 'line',
  names: { score: string; norm: string },
): EChartsCoreOption {
  const hasNorm = data.normMeans.some((v) => v !== null);
  if (kind === 'radar' && data.categories.length >= 3) {
    const max = Math.max(1, ...data.scores, ...data.normMeans.map((v) => v ?? 0)) * 1.1;
    return {
      tooltip: {},
      legend: { bottom: 0 },
      radar: { indicator: data.categories.map((name) => ({ name, max })), radius: '60%' },
      series: [
        {
          type: 'radar',
          data: [
            { name: names.score, value: data.scores },
            ...(hasNorm ? [{ name: names.norm, value: data.normMeans.map((v) => v ?? 0) }] : []),
          ],
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 72, containLabel: true },
    xAxis: {
      type: 'category',
      data: data.categories,
      axisLabel: { interval: 0, rotate: data.categories.length > 5 ? 40 : 0 },
    },
    yAxis: { type: 'value' },
    series: [
      { type: kind === 'line' ? 'line' : 'bar', name: names.score, data: data.scores },
      ...(hasNorm ? [{ type: 'line', name: names.norm, data: data.normMeans }] : []),
    ],
  };
}

export interface GroupedBars {
  groups: string[];
  /** A series' colour when it means something (the risk grades' red, orange and green). */
  series: { name: string; values: number[]; color?: string }[];
}

/** Bars per group (department, grade or gender), one series per measure, stacked when `stacked`. */
export function groupedBarOption(data: GroupedBars, stacked = false): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 72, containLabel: true },
    xAxis: {
      type: 'category',
      data: data.groups,
      axisLabel: { interval: 0, rotate: data.groups.length > 5 ? 30 : 0 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: data.series.map((s) => ({
      type: 'bar',
      name: s.name,
      data: s.values,
      ...(s.color ? { itemStyle: { color: s.color } } : {}),
      ...(stacked ? { stack: 'total' } : {}),
    })),
  };
}
