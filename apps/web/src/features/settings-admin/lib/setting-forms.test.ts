import { KNOWN_SETTING_CODES } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  SETTING_FORMS,
  checkSettingValue,
  codesOfGroup,
  formValuesOf,
  halfHourTimes,
  newListRow,
  settingInputOf,
} from './setting-forms';

describe('setting forms [spec:S1.7.3] [spec:S0.7.8]', () => {
  it('has a form for every known code but the agreement, which has its own page', () => {
    const codes = KNOWN_SETTING_CODES.filter((c) => c !== 'agreementSetting');
    expect(Object.keys(SETTING_FORMS).sort()).toEqual([...codes].sort());
    expect(codesOfGroup('allApp')).toEqual(['zxyyms', 'yymssz', 'sfqyycdy', 'ytmssz', 'singleRoleSwitch']);
  });

  it('offers the access-log retention in days, refusing less than six months', () => {
    expect(codesOfGroup('privacy')).toEqual(['accessLogRetention']);
    expect(checkSettingValue('accessLogRetention', { days: 30 })[0]?.path).toEqual(['days']);
    expect(checkSettingValue('accessLogRetention', { days: 400 })).toEqual([]);
  });

  it('offers times every half hour', () => {
    const times = halfHourTimes();
    expect(times).toHaveLength(48);
    expect(times[0]).toBe('00:00');
    expect(times[17]).toBe('08:30');
    expect(times.at(-1)).toBe('23:30');
  });

  it('builds the payload from the form, keeping only the code fields', () => {
    const values = formValuesOf({ enable: true, value: { bookingCheckEnable: true, assessMode: 15 } });
    expect(settingInputOf('zxyyms', { ...values, stray: 1 })).toEqual({
      type: 'zxyyms',
      enable: true,
      value: { bookingCheckEnable: true, assessMode: 15 },
    });
    expect(
      settingInputOf('djsz', {
        enable: false,
        settingList: [{ id: 'a', text: 'A', color: '', level: 1, star: undefined }],
      }).value,
    ).toEqual({ settingList: [{ id: 'a', text: 'A', level: 1 }] });
    expect(settingInputOf('pgddjlsz', { enable: true, supervisionForms: ['3', '7'] }).value).toEqual({
      supervisionForms: [3, 7],
    });
    expect(settingInputOf('singleRoleSwitch', { enable: true })).toEqual({
      type: 'singleRoleSwitch',
      enable: true,
      value: {},
    });
  });

  it('checks a payload with the contract rules, naming the field', () => {
    expect(checkSettingValue('yyrlqzsjsz', { startTime: '09:00', endTime: '18:00' })).toEqual([]);
    expect(checkSettingValue('yyrlqzsjsz', { startTime: '19:00', endTime: '18:00' })[0]!.path).toEqual([
      'endTime',
    ]);
    expect(checkSettingValue('djsz', { settingList: [{ id: 1, text: 'x', color: 'red' }] })[0]!.path).toEqual(
      ['settingList', 0, 'color'],
    );
    expect(checkSettingValue('nope', {})).toHaveLength(1);
  });
});

describe('the time-slot setting editor (sjdsz) [spec:S0.7.21] [spec:S1.7.11]', () => {
  it('edits rows of start, end, weekday and type; a new row has no key', () => {
    expect(SETTING_FORMS.sjdsz).toEqual({
      group: 'booking',
      fields: [{ key: 'slots', kind: 'list', columns: ['startTime', 'endTime', 'week', 'type'] }],
    });
    expect(newListRow(['startTime', 'endTime', 'week', 'type'], 3)).toEqual({});
    expect(newListRow(['id', 'text'], 3)).toEqual({ id: '4' });
  });

  it('saves the rows and checks them with the contract', () => {
    const input = settingInputOf('sjdsz', {
      enable: true,
      slots: [{ startTime: '09:00', endTime: '10:00', week: 1, type: 2, siteId: undefined }],
    });
    expect(input.value).toEqual({ slots: [{ startTime: '09:00', endTime: '10:00', week: 1, type: 2 }] });
    expect(checkSettingValue('sjdsz', input.value)).toEqual([]);
    expect(
      checkSettingValue('sjdsz', { slots: [{ startTime: '10:00', endTime: '09:00', week: 1, type: 2 }] })[0]!
        .path,
    ).toEqual(['slots', 0, 'endTime']);
    expect(
      checkSettingValue('sjdsz', { slots: [{ startTime: '09:00', endTime: '10:00', type: 2 }] })[0]!.path,
    ).toEqual(['slots', 0, 'week']);
  });
});
