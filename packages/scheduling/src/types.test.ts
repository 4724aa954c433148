import { describe, expect, it } from 'vitest';
import { APPOINTMENT_TYPES } from '@psy/contracts';
import {
  countsAsSession,
  dutyKindOf,
  enabledAppointmentTypes,
  isSelfBookable,
  slotCategoriesOf,
  typeGroupOf,
  type TypeSwitches,
} from './types';

const OFF: TypeSwitches = {
  bookingMode: { enabled: false, assessMode: 0 },
  primaryUnit: false,
  interview: false,
  crisisProduct: false,
  groupProduct: false,
  peerTalk: false,
};

describe('appointment types enabled by the school’s switches [spec:S1.4.7] [spec:S1.9.2]', () => {
  it('offers individual counselling and the reserve types 17, 18, 19 with every switch off', () => {
    expect(enabledAppointmentTypes(OFF)).toEqual([2, 17, 18, 19]);
  });

  it('adds consultation assessment (1) with the assessment switch [spec:S1.4.8]', () => {
    expect(enabledAppointmentTypes({ ...OFF, bookingMode: { enabled: true, assessMode: 17 } })).toEqual([
      1, 2, 17, 18, 19,
    ]);
    expect(enabledAppointmentTypes({ ...OFF, bookingMode: { enabled: false, assessMode: 17 } })).toEqual([
      2, 17, 18, 19,
    ]);
  });

  it('replaces it by telephone assessment 13 or first interview 15 [spec:S1.4.9]', () => {
    expect(enabledAppointmentTypes({ ...OFF, bookingMode: { enabled: true, assessMode: 13 } })).toEqual([
      2, 13, 17, 18, 19,
    ]);
    expect(enabledAppointmentTypes({ ...OFF, bookingMode: { enabled: true, assessMode: 15 } })).toEqual([
      2, 15, 17, 18, 19,
    ]);
  });

  it('adds primary unit 10 and psychological interview 14 with their switches [spec:S1.4.10]', () => {
    expect(enabledAppointmentTypes({ ...OFF, primaryUnit: true, interview: true })).toEqual([
      2, 10, 14, 17, 18, 19,
    ]);
  });

  it('adds crisis assessment 8 (and the duty assessments) with the crisis product [spec:S1.4.11]', () => {
    expect(enabledAppointmentTypes({ ...OFF, crisisProduct: true })).toEqual([2, 8, 11, 12, 17, 18, 19]);
    expect(enabledAppointmentTypes({ ...OFF, groupProduct: true, peerTalk: true })).toEqual([
      2, 9, 17, 18, 19, 20,
    ]);
  });

  it('gives every type a group, and slots or a duty to be booked on', () => {
    for (const t of APPOINTMENT_TYPES) {
      expect(typeGroupOf(t)).toBeTruthy();
      expect(slotCategoriesOf(t).length > 0 || dutyKindOf(t) !== null, String(t)).toBe(true);
    }
    expect(dutyKindOf(13)).toBe('telephone');
    expect(dutyKindOf(11)).toBe('manned');
    expect(slotCategoriesOf(10)).toEqual([10, 2]);
    expect(countsAsSession(2)).toBe(true);
    expect(countsAsSession(17)).toBe(false);
    expect(isSelfBookable(14, { interviewByVisitor: false })).toBe(false);
    expect(isSelfBookable(14, { interviewByVisitor: true })).toBe(true);
    expect(isSelfBookable(8, { interviewByVisitor: true })).toBe(false);
  });
});
