import { LEVEL_OWNER_ROLE, NETWORK_LEVELS, type NetworkLevel } from '@psy/contracts';

/** One level of a student's ladder: the people who own a signal at that level. */
export interface LadderRung {
  level: NetworkLevel;
  userIds: number[];
}

/** A student's ladder: non-empty levels, lowest first (docs/crisis.md section 1). */
export type Ladder = LadderRung[];

const LEVEL_OF_ROLE = new Map<string, NetworkLevel>(
  NETWORK_LEVELS.map((level) => [LEVEL_OWNER_ROLE[level], level] as const),
);

/** The ladder level a role owns signals at, if any. */
export const levelOfRole = (roleCode: string): NetworkLevel | null => LEVEL_OF_ROLE.get(roleCode) ?? null;

/**
 * The ladder from the people covering a student (their owner roles), lowest level first, empty levels
 * skipped. With nobody at any level the school's administrators are the top level: a signal always has
 * someone to reach.
 */
export function buildLadder(
  holders: readonly { userId: number; roleCode: string }[],
  fallbackAdminIds: readonly number[],
): Ladder {
  const byLevel = new Map<NetworkLevel, Set<number>>();
  for (const h of holders) {
    const level = levelOfRole(h.roleCode);
    if (level === null) continue;
    if (!byLevel.has(level)) byLevel.set(level, new Set());
    byLevel.get(level)!.add(h.userId);
  }
  const ladder: Ladder = NETWORK_LEVELS.filter((l) => byLevel.has(l)).map((level) => ({
    level,
    userIds: [...byLevel.get(level)!].sort((a, b) => a - b),
  }));
  if (ladder.length === 0 && fallbackAdminIds.length > 0) {
    return [{ level: 4, userIds: [...new Set(fallbackAdminIds)].sort((a, b) => a - b) }];
  }
  return ladder;
}

/** Everyone on the ladder up to and including `level` (the people told of an escalation). */
export const ladderUpTo = (ladder: Ladder, level: NetworkLevel): number[] => [
  ...new Set(ladder.filter((r) => r.level <= level).flatMap((r) => r.userIds)),
];

/** Whether a person is on the ladder at any level. */
export const isOnLadder = (ladder: Ladder, userId: number) => ladder.some((r) => r.userIds.includes(userId));

export interface EscalationStep {
  level: NetworkLevel;
  owners: number[];
  /** How many reminders at the top level this step is (0 for a move to a new level). */
  repeat: number;
}

/** The first step of a signal: the ladder's lowest level; null when the ladder is empty. */
export function firstStep(ladder: Ladder): EscalationStep | null {
  const rung = ladder[0];
  return rung ? { level: rung.level, owners: rung.userIds, repeat: 0 } : null;
}

/**
 * The step after a missed deadline: the lowest non-empty level above the current one; at the top, the
 * top level again as the next reminder. The ladder is recomputed for each step, so it may have changed.
 */
export function nextStep(
  ladder: Ladder,
  current: { level: NetworkLevel; repeat: number },
): EscalationStep | null {
  const higher = ladder.find((r) => r.level > current.level);
  if (higher) return { level: higher.level, owners: higher.userIds, repeat: 0 };
  const top = ladder[ladder.length - 1];
  if (!top) return null;
  return {
    level: top.level,
    owners: top.userIds,
    repeat: top.level === current.level ? current.repeat + 1 : 0,
  };
}

/** Reminders at the top level come at most this far apart (minutes). */
export const TOP_REMINDER_MAX_MINUTES = 60;

/**
 * When a step's owners must have acknowledged: the level's minutes (school setting); a repeated reminder
 * at the top doubles the wait each time, at most an hour (but never less than the level's own minutes).
 */
export function ackDeadline(
  from: Date,
  step: Pick<EscalationStep, 'level' | 'repeat'>,
  ackMinutes: Readonly<Record<NetworkLevel, number>>,
): Date {
  const base = ackMinutes[step.level];
  const minutes =
    step.repeat === 0 ? base : Math.max(base, Math.min(base * 2 ** step.repeat, TOP_REMINDER_MAX_MINUTES));
  return new Date(from.getTime() + minutes * 60_000);
}
