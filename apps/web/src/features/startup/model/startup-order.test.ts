import { describe, expect, it } from 'vitest';
import { decideStartupDialog, isAgreementDue, startupDialogRecord, type StartupState } from './startup-order';

const settled: StartupState = {
  mustChangePassword: false,
  isSso: false,
  isWriteInfo: [],
  isProfileDone: false,
  mustAgree: false,
};

describe('start-up dialogs [spec:S0.4.1] [spec:S0.1.4]', () => {
  it('asks for the password change first, whatever else is due', () => {
    expect(
      decideStartupDialog({ ...settled, mustChangePassword: true, isWriteInfo: [0], mustAgree: true }),
    ).toBe('password');
    expect(decideStartupDialog({ ...settled, mustChangePassword: true, isWriteInfo: undefined })).toBe(
      'password',
    );
  });

  it('does not force a password change after single sign-on', () => {
    expect(decideStartupDialog({ ...settled, mustChangePassword: true, isSso: true })).toBe('none');
  });

  it('then the missing information, then the agreement', () => {
    expect(decideStartupDialog({ ...settled, isWriteInfo: [0], mustAgree: true })).toBe('profile');
    expect(decideStartupDialog({ ...settled, isWriteInfo: [0], isProfileDone: true, mustAgree: true })).toBe(
      'agreement',
    );
    expect(decideStartupDialog({ ...settled, mustAgree: true })).toBe('agreement');
    expect(decideStartupDialog(settled)).toBe('none');
  });

  it('waits for what it needs, and passes over what could not be loaded', () => {
    expect(decideStartupDialog({ ...settled, isWriteInfo: undefined })).toBe('pending');
    expect(decideStartupDialog({ ...settled, mustAgree: undefined })).toBe('pending');
    expect(decideStartupDialog({ ...settled, isWriteInfo: null, mustAgree: true })).toBe('agreement');
    expect(decideStartupDialog({ ...settled, mustAgree: null })).toBe('none');
    expect(decideStartupDialog({ ...settled, isWriteInfo: [9] })).toBe('none');
  });

  it('loads the agreement only once the earlier steps are done', () => {
    const { mustAgree: _ignored, ...base } = settled;
    expect(isAgreementDue(base)).toBe(true);
    expect(isAgreementDue({ ...base, mustChangePassword: true })).toBe(false);
    expect(isAgreementDue({ ...base, isWriteInfo: [0] })).toBe(false);
    expect(isAgreementDue({ ...base, isWriteInfo: undefined })).toBe(false);
    expect(isAgreementDue({ ...base, isWriteInfo: [0], isProfileDone: true })).toBe(true);
  });
});

describe('the start-up dialog remembered for the light first paint (docs/web-shell.md)', () => {
  it('remembers a due dialog, forgets it once none is due, and changes nothing while it is undecided', () => {
    expect(startupDialogRecord('agreement')).toEqual({ write: 'agreement' });
    expect(startupDialogRecord('password')).toEqual({ write: 'password' });
    expect(startupDialogRecord('profile')).toEqual({ write: 'profile' });
    expect(startupDialogRecord('none')).toBe('remove');
    expect(startupDialogRecord('pending')).toBeNull();
  });
});
