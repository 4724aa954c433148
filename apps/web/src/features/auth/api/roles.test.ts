import { describe, expect, it } from 'vitest';
import { decideRole, orderRoles, type PortRole } from './roles';

const role = (roleId: number, hasPortPermission: boolean): PortRole => ({
  roleId,
  roleCode: `R${roleId}`,
  roleName: `Role ${roleId}`,
  portPermission: hasPortPermission ? ['pc'] : ['h5'],
  hasPortPermission,
});

describe('role choice after login', () => {
  it('lists roles without port permission last [spec:S0.2.15] [spec:S0.6.3]', () => {
    expect(
      orderRoles([role(1, false), role(2, true), role(3, false), role(4, true)]).map((r) => r.roleId),
    ).toEqual([2, 4, 1, 3]);
  });

  it('shows the error when the user has no role [spec:S0.4.13] [spec:S0.8.9]', () => {
    expect(decideRole([], null, true)).toEqual({ kind: 'none' });
  });

  it('chooses the only usable role automatically [spec:S0.4.13]', () => {
    expect(decideRole([role(1, false), role(2, true)], null, true)).toEqual({ kind: 'auto', roleId: 2 });
  });

  it('asks to choose among several roles when single-role switching is on and none is active [spec:S0.4.13] [spec:S0.6.2]', () => {
    expect(decideRole([role(1, true), role(2, true)], null, true)).toEqual({ kind: 'choose' });
    expect(decideRole([role(1, true), role(2, true)], 2, true)).toEqual({ kind: 'ready', roleId: 2 });
    expect(decideRole([role(1, true), role(2, true)], null, false)).toEqual({ kind: 'ready', roleId: null });
  });

  it('does not keep an active role that is no longer usable', () => {
    expect(decideRole([role(1, true), role(2, false)], 2, true)).toEqual({ kind: 'auto', roleId: 1 });
  });

  it('sends a user whose roles all lack port permission to the selection page, which explains it', () => {
    expect(decideRole([role(1, false)], null, true)).toEqual({ kind: 'choose' });
  });
});
