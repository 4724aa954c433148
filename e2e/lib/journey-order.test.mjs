import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeyTimes, orderJourneys, readJourneySeconds } from './journey-order.mjs';

/** @param {string} slug */
const journey = (slug, onSeededDemo = false) => ({ file: `${slug}.journey.mjs`, slug, onSeededDemo });

describe('the order of the journeys', () => {
  it('puts the seeded-demo journey first, then the longest, a journey without a time counting as longest', () => {
    const journeys = [journey('a'), journey('b'), journey('c', true), journey('d'), journey('e')];
    const order = orderJourneys(journeys, { a: 5, b: 40, c: 1, d: 12.5 });
    expect(order.map((j) => j.slug)).toEqual(['c', 'e', 'b', 'd', 'a']);
    expect(journeys.map((j) => j.slug)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps file order between journeys of the same time and without times', () => {
    const order = orderJourneys([journey('z'), journey('m'), journey('a'), journey('q')], { m: 3, q: 3 });
    expect(order.map((j) => j.slug)).toEqual(['a', 'z', 'm', 'q']);
  });
});

describe('the journeys’ times file', () => {
  it('reads the finite numbers of the file, and nothing from a missing or broken one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journey-seconds-'));
    try {
      const file = path.join(dir, 'journey-seconds.json');
      expect(readJourneySeconds(file)).toEqual({});
      fs.writeFileSync(file, '{"a": 3.5, "b": "long", "c": null, "d": 7}');
      expect(readJourneySeconds(file)).toEqual({ a: 3.5, d: 7 });
      fs.writeFileSync(file, '[1, 2]');
      expect(readJourneySeconds(file)).toEqual({});
      fs.writeFileSync(file, '{"a": ');
      expect(readJourneySeconds(file)).toEqual({});
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a run’s times by slug in seconds, only when every journey passed', () => {
    const passed = [
      { slug: 'b', ms: 12_345, error: null },
      { slug: 'a', ms: 960, error: null },
    ];
    const times = journeyTimes(passed);
    expect(times).toEqual({ a: 1, b: 12.3 });
    expect(Object.keys(times ?? {})).toEqual(['a', 'b']);
    expect(journeyTimes([...passed, { slug: 'c', ms: 5000, error: new Error('x') }])).toBeUndefined();
    expect(
      journeyTimes([...passed, { slug: 'c', ms: 5000, error: null, skipped: 'no database' }]),
    ).toBeUndefined();
    expect(journeyTimes([])).toBeUndefined();
  });
});
