import { SETTING_CODES } from '@psy/contracts';
import type { SystemScope } from '../../core/db/database';
import { enabledSettingOfEverySchool } from '../settings';
import { purgeAccessLogOlderThan } from './users.repository';

/**
 * Applies each school's retention setting (`accessLogRetention`, switched on: entries older than its
 * `days` go) to the personal-data access log. A school that has not switched it on keeps every entry.
 * Answers how many entries were deleted; runs as the system role (the app role may only append).
 */
export async function purgeAccessLog(system: SystemScope): Promise<number> {
  let purged = 0;
  for (const { tenantId, value } of await enabledSettingOfEverySchool(
    system,
    SETTING_CODES.accessLogRetention,
  )) {
    purged += await purgeAccessLogOlderThan(system, tenantId, value.days);
  }
  return purged;
}
