/** How long a video call lasted, in whole minutes (at least 1); null while it is still running. */
export function videoMinutes(v: { startedAt: string; endedAt: string | null }): number | null {
  if (v.endedAt === null) return null;
  return Math.max(1, Math.round((Date.parse(v.endedAt) - Date.parse(v.startedAt)) / 60_000));
}
