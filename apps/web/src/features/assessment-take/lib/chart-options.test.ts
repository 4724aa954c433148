import { describe, expect, it } from 'vitest';
import { groupedBarOption, profileOption } from './chart-options';

const names = { score: 'Score', norm: 'Norm mean' };

describe('assessment charts [spec:S1.2.3]', () => {
  it('draws a factor profile as bars with the norm means as a line', () => {
    const option = profileOption(
      { categories: ['SOM', 'DEP'], scores: [1.5, 2.1], normMeans: [1.37, 1.5] },
      'bar',
      names,
    ) as { series: { type: string; data: unknown[] }[]; xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(['SOM', 'DEP']);
    expect(option.series.map((s) => s.type)).toEqual(['bar', 'line']);
    expect(option.series[1]!.data).toEqual([1.37, 1.5]);
  });

  it('draws a radar when asked and there are three factors or more, without a norm series if none', () => {
    const option = profileOption(
      { categories: ['E', 'A', 'C'], scores: [30, 20, 40], normMeans: [null, null, null] },
      'radar',
      names,
    ) as { radar: { indicator: { max: number }[] }; series: { data: unknown[] }[] };
    expect(option.radar.indicator).toHaveLength(3);
    expect(option.radar.indicator[0]!.max).toBeCloseTo(44);
    expect(option.series[0]!.data).toHaveLength(1);
    // Two factors make no radar: bars instead.
    const two = profileOption(
      { categories: ['a', 'b'], scores: [1, 2], normMeans: [null, null] },
      'radar',
      names,
    );
    expect((two as { series: { type: string }[] }).series[0]!.type).toBe('bar');
  });

  it('stacks the risk grades of each group, each in its colour', () => {
    const option = groupedBarOption(
      {
        groups: ['2023', '2024'],
        series: [
          { name: 'High', values: [1, 2], color: '#cf1322' },
          { name: 'Low', values: [5, 6] },
        ],
      },
      true,
    ) as { series: { stack?: string; data: number[]; itemStyle?: { color: string } }[] };
    expect(option.series.map((s) => s.stack)).toEqual(['total', 'total']);
    expect(option.series.map((s) => s.itemStyle?.color)).toEqual(['#cf1322', undefined]);
    expect(option.series[1]!.data).toEqual([5, 6]);
  });
});
