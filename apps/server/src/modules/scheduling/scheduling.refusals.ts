import { APPOINTMENT_CLASHES, refusalMessage, type AppointmentRefusal, type Lang } from '@psy/contracts';
import { AppError } from '../../core/http/app-error';

/**
 * Refusals of scheduling and booking in the `{code, msg, data}` shape: `data.reason` names the rule
 * (texts in both languages in the contracts), `data` carries its figures (liftsOn, used, allowed...).
 * Clashes (`APPOINTMENT_CLASHES`: someone else holds the time) are 409; broken rules are business
 * refusals (400, body code 1).
 */
export function refuse(
  reason: AppointmentRefusal,
  lang: Lang,
  params: Record<string, string | number | string[] | null> = {},
): AppError {
  const text = Object.fromEntries(
    Object.entries(params).filter((e): e is [string, string | number] => typeof e[1] !== 'object'),
  );
  return new AppError(
    APPOINTMENT_CLASHES.has(reason) ? 'conflict' : 'business',
    refusalMessage(reason, lang, text),
    {
      reason,
      ...params,
    },
  );
}

/** Database constraints (unique keys, exclusion constraints) and the refusal each one means. */
const CONSTRAINT_REFUSALS: Record<string, AppointmentRefusal> = {
  appointment_slot_uq: 'slotTaken',
  appointment_counsellor_excl: 'counsellorBusy',
  appointment_visitor_excl: 'visitorBusy',
  appointment_room_excl: 'roomBusy',
  schedule_slot_counsellor_excl: 'counsellorBusy',
  schedule_slot_room_excl: 'roomBusy',
  school_term_overlap_excl: 'termOverlap',
  approval_request_pending_uq: 'pendingApproval',
  waitlist_entry_live_uq: 'waitlistExists',
  waitlist_offer_slot_open_uq: 'offeredToOther',
};

/** The refusal a unique or exclusion violation stands for, or null for any other error. */
export function clashOf(err: unknown, lang: Lang): AppError | null {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if ((e.code === '23505' || e.code === '23P01') && e.constraint && CONSTRAINT_REFUSALS[e.constraint]) {
      return refuse(CONSTRAINT_REFUSALS[e.constraint]!, lang, { constraint: e.constraint });
    }
    if (typeof e !== 'object') break;
  }
  return null;
}

/** Runs a write and turns a clash the database refused into its 409. */
export async function guardClashes<T>(lang: Lang, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw clashOf(err, lang) ?? err;
  }
}
