import { describe, expect, it } from 'vitest';
import { videoMinutes } from './video-minutes';

describe('the length of a video call [spec:S1.7.24]', () => {
  it('rounds to whole minutes, at least one; a running call has none yet', () => {
    expect(videoMinutes({ startedAt: '2026-03-16T01:00:00Z', endedAt: '2026-03-16T01:49:40Z' })).toBe(50);
    expect(videoMinutes({ startedAt: '2026-03-16T01:00:00Z', endedAt: '2026-03-16T01:00:10Z' })).toBe(1);
    expect(videoMinutes({ startedAt: '2026-03-16T01:00:00Z', endedAt: null })).toBeNull();
  });
});
