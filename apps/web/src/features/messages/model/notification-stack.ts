import { MESSAGE_STATUS } from '@psy/contracts';
/**
 * Stacked notification cards at the bottom right of the layout (spec S0.2.16): only the first four are
 * styled as stacked; the front card is 380 px wide and each card behind is 10 px narrower and 5 px higher.
 */
export const NOTIFICATION_STACK = {
  /** Width of the front card. */
  width: 380,
  /** Each card behind is this much narrower. */
  widthStep: 10,
  /** Each card behind shows this much above the one in front. */
  offset: 5,
  /** Cards styled as stacked; the others wait, hidden, behind the last of them. */
  stacked: 4,
  /** Newest unread messages loaded as cards. */
  maxCards: 5,
} as const;

export interface CardLayout {
  /** Width in px. */
  width: number;
  /** How far above the front card's top the card's top is, in px. */
  offset: number;
  /** Left inset from the front card's left edge, so the stack stays centred, in px. */
  inset: number;
  zIndex: number;
  /** The front card: the only one whose content can be read and closed. */
  isFront: boolean;
  /** Drawn at all (the first four). */
  isVisible: boolean;
}

/** Where card `index` (0 = newest, in front) of `count` cards sits. */
export function cardLayout(index: number, count: number): CardLayout {
  const { width, widthStep, offset, stacked } = NOTIFICATION_STACK;
  const depth = Math.min(index, stacked - 1);
  const cardWidth = width - widthStep * depth;
  return {
    width: cardWidth,
    offset: offset * depth,
    inset: (width - cardWidth) / 2,
    zIndex: Math.max(1, count - index),
    isFront: index === 0,
    isVisible: index < stacked,
  };
}

/**
 * The cards to show: newest unread first, without those closed a moment ago and those the person hid
 * (ids up to `hiddenUpTo`: hiding lasts until a newer message arrives), at most `maxCards`.
 */
export function pickCards<T extends { id: number; status: number }>(
  messages: readonly T[] | undefined,
  closedIds: ReadonlySet<number>,
  max: number = NOTIFICATION_STACK.maxCards,
  hiddenUpTo = 0,
): T[] {
  return (messages ?? [])
    .filter((m) => m.status === MESSAGE_STATUS.unread && !closedIds.has(m.id) && m.id > hiddenUpTo)
    .slice(0, max);
}

/** Where the hide of the cards is kept per user, across reloads. */
export const cardsHiddenKey = (userId: number | string) => `psy.messageCards.hiddenUpTo.${userId}`;

/** Hiding the cards hides what is there now: up to the newest message shown. */
export const hideUpTo = (shown: readonly { id: number }[], current: number): number =>
  Math.max(current, ...shown.map((m) => m.id));
