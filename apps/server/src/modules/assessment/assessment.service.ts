import type { TenantScope } from '../../core/db/database';
import { findLatestScaleResult, insertScaleResult } from './assessment.repository';

/**
 * Scale results as other modules read and write them: `gradeResultCalc` compares a counsellor's grade
 * with the latest (S0.4.10, S0.9.3), `saveScaleResult` records one entered by staff.
 */

/** The newest scale result of a person: a score entered by staff or the risk score of an answer. */
export const latestScaleResultOf = (scope: TenantScope, userId: number) =>
  findLatestScaleResult(scope, userId);

/** Records a scale score (0-100) entered by staff for a subject. */
export const recordScaleResult = (
  scope: TenantScope,
  r: { userId: number; scaleName: string; score: number; eventSign: string | null; createdBy: number },
) => insertScaleResult(scope, r);
