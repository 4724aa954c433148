import { myAnswerPageEndpoint, type ResponseOf } from '@psy/contracts';
import { useTenantList } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { takeQueryKeys } from './take';

export type MyAnswer = ResponseOf<typeof myAnswerPageEndpoint>['records'][number];

/** The caller's own answers with what each plan lets them see (`POST /plantest/userPlan/myAnswerPage`). */
export const useMyAnswers = (query: { current: number; size: number }) =>
  useTenantList(takeQueryKeys, { list: 'mine', ...query }, ({ list: _l, ...body }, signal) =>
    request(myAnswerPageEndpoint, { body, signal }),
  );
