import { describe, expect, it } from 'vitest';
import { deskActionsFor } from './desk-actions';

describe('desk actions', () => {
  const all = ['arrive', 'start', 'visitorNoShow', 'hostCancel', 'hostNoShow'] as const;

  it('give the front desk arrival and both no-shows, not start [spec:S1.4.1] [spec:S1.4.2]', () => {
    expect(deskActionsFor(all, { isDesk: true, isOwnSession: false, isManager: false })).toEqual([
      'arrive',
      'visitorNoShow',
      'hostNoShow',
    ]);
  });

  it('give the counsellor of the session start, arrival and the visitor’s no-show', () => {
    expect(deskActionsFor(all, { isDesk: false, isOwnSession: true, isManager: false })).toEqual([
      'arrive',
      'start',
      'visitorNoShow',
    ]);
  });

  it('offer nothing the status tables do not allow', () => {
    expect(deskActionsFor(['end'], { isDesk: true, isOwnSession: false, isManager: false })).toEqual([]);
    expect(deskActionsFor(['end'], { isDesk: false, isOwnSession: false, isManager: true })).toEqual(['end']);
  });
});
