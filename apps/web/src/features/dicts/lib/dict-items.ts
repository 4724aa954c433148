import type { Lang } from '@psy/contracts';

export interface LabelledItem {
  value: string;
  label: string;
  labelEn?: string | null;
}

/** An item's label in the UI language: English when there is one, else the Chinese label. */
export function itemLabel(item: LabelledItem, lang: string): string {
  return (lang as Lang) === 'en-US' && item.labelEn?.trim() ? item.labelEn : item.label;
}

/** The sort number for a new item: after the last one, in steps of 1. */
export function nextSort(items: readonly { sort: number }[]): number {
  return items.reduce((max, i) => Math.max(max, i.sort), 0) + 1;
}

/**
 * A value suggested for a new item: the next whole number after the largest numeric value, never one
 * in use (removed items' values stay taken on the server, which then refuses it with a message).
 */
export function suggestValue(items: readonly { value: string }[]): string {
  const numbers = items.map((i) => Number(i.value)).filter((n) => Number.isInteger(n) && n >= 0);
  return String(numbers.length ? Math.max(...numbers) + 1 : 1);
}
