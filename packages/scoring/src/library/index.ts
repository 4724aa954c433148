import { parseScaleDefinition, type ScaleDefinition, type ScaleDefinitionInput } from '../definition';
import { DASS21 } from './dass21';
import { GAD7 } from './gad7';
import { IPIP50 } from './ipip50';
import { ONET_IP60 } from './onet-ip60';
import { PHQ9 } from './phq9';
import { SCL90 } from './scl90';
import { SAS, SDS } from './zung';

const INPUTS: ScaleDefinitionInput[] = [PHQ9, GAD7, SCL90, SDS, SAS, DASS21, IPIP50, ONET_IP60];

function parsed(input: ScaleDefinitionInput): ScaleDefinition {
  const r = parseScaleDefinition(input);
  if (!r.ok)
    throw new Error(
      `built-in scale ${input.code}: ${r.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
    );
  return r.definition;
}

/**
 * The scales every school gets (docs/assessment.md "The scale library"), checked at load. Versions are
 * never changed in place: a changed instrument is a new version added here, so answers keep theirs.
 */
export const BUILTIN_SCALES: readonly ScaleDefinition[] = INPUTS.map(parsed);

const BY_KEY = new Map(BUILTIN_SCALES.map((d) => [`${d.code}@${d.version}`, d]));

/** A built-in definition by code and version, or null. */
export const builtinScale = (code: string, version: number): ScaleDefinition | null =>
  BY_KEY.get(`${code}@${version}`) ?? null;

export { SCL90_SYMPTOM_FACTORS } from './scl90';
