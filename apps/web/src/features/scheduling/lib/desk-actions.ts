import type { AppointmentAction, DeskAction } from '@psy/contracts';

/**
 * The desk actions a person is offered on an appointment: those the status tables allow now
 * (`actions` of the answer) that their role may take, as the server decides (docs/appointments.md
 * section 3): the front desk marks arrival and either side's no-show; start and end are the counsellor's
 * (or a manager's).
 */
export function deskActionsFor(
  allowed: readonly AppointmentAction[],
  who: { isDesk: boolean; isOwnSession: boolean; isManager: boolean },
): DeskAction[] {
  const out: DeskAction[] = [];
  for (const action of allowed) {
    if ((action === 'arrive' || action === 'visitorNoShow') && (who.isDesk || who.isOwnSession))
      out.push(action);
    if ((action === 'start' || action === 'end') && (who.isOwnSession || who.isManager)) out.push(action);
    if (action === 'hostNoShow' && who.isDesk) out.push(action);
  }
  return out;
}
