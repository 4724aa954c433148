import { AGREEMENT_SETTING_CODE } from '@psy/contracts';
import { on } from '../../core/events';
import { badRequest } from '../../core/http/app-error';
import { findLiveRoleIds } from '../identity';
import { settingSaving } from '../settings';

/** The agreement setting names the roles that must agree: each must be a live role of the school. */
export const checkAgreementSettingRoles = on(settingSaving, async (scope, s) => {
  if (s.type !== AGREEMENT_SETTING_CODE) return;
  const ids = [...new Set((s.value.userRoleId as number[] | undefined) ?? [])];
  const live = new Set(await findLiveRoleIds(scope, ids));
  const unknown = ids.find((id) => !live.has(id));
  if (unknown !== undefined) throw badRequest(`${s.field}.userRoleId`, `no role ${unknown}`);
  s.value.userRoleId = ids;
});
