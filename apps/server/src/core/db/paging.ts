/** `current` (from 1) and `size` of a list call (spec: lists answer `records` and `total`). */
export interface PageRequest {
  current: number;
  size: number;
}

/** The rows a page covers, as a query's offset and limit. */
export const pageWindow = ({ current, size }: PageRequest): { offset: number; limit: number } => ({
  offset: (current - 1) * size,
  limit: size,
});

/** A list answer: the page's records, the total and the page asked for. */
export const pageAnswer = <T>(q: PageRequest, records: T[], total: number) => ({
  records,
  total,
  current: q.current,
  size: q.size,
});
