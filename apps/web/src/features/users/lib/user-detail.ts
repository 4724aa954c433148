/** The `userId` query parameter of the details page: a positive whole number, else null. Pure. */
export function parseUserId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
