import { COLLEGE_LEVEL, CRISIS_STATUS, WARNING_FLAG, type WarningFlag } from '@psy/contracts';

/** What a student's warning flag is derived from. */
export interface WarningState {
  /** Open (not closed) crisis records: status, whether acknowledged, the latest assessment's isCrisisStatus. */
  openRecords: readonly { status: number; acknowledged: boolean; isCrisisStatus: number | null }[];
  /** The live key-person level (1 close, 2 key, 3 routine), or null when not a key person. */
  focusLevel: number | null;
}

/** The flag a student's state gives (S1.4.6 flags; the rule is docs/crisis.md 3.9). */
export function deriveWarningFlag(s: WarningState): WarningFlag {
  const open = s.openRecords.filter((r) => r.status !== CRISIS_STATUS.closed);
  if (open.some((r) => !r.acknowledged || r.isCrisisStatus === 1)) return WARNING_FLAG.alert;
  if (open.length > 0) return WARNING_FLAG.abnormal;
  if (s.focusLevel === COLLEGE_LEVEL.close || s.focusLevel === COLLEGE_LEVEL.key)
    return WARNING_FLAG.tracking;
  if (s.focusLevel === COLLEGE_LEVEL.routine) return WARNING_FLAG.attention;
  return WARNING_FLAG.normal;
}

export interface StoredFlag {
  flag: WarningFlag;
  derived: WarningFlag;
  manual: boolean;
}

/**
 * The flag after the state changed: a hand-set flag stands while the derived flag stays what it was;
 * when the derived flag moves, it replaces the hand-set one.
 */
export function nextWarningFlag(prev: StoredFlag | null, derived: WarningFlag): StoredFlag {
  if (prev && prev.manual && prev.derived === derived) return prev;
  return { flag: derived, derived, manual: false };
}
