import { isMaskedValue, maskIdCard, maskName, maskPhone } from '@psy/contracts';
import type { AnswerMap, FormDefinition, MaskKind } from './definition';

/**
 * Masked personal values in answers (spec S0.3.32, S0.5.7, S0.6.8): the server masks realName, phone
 * and idCard columns for viewers who may not see them (with contracts' maskers); the web never sends a
 * masked value back; the update flags tell the server which of the three were typed anew.
 */
export const MASK_UPDATE_FLAGS: Readonly<Record<MaskKind, string>> = {
  realName: 'updateRealNameFlag',
  phone: 'updatePhoneFlag',
  idCard: 'updateIdCardFlag',
};

const MASKERS: Readonly<Record<MaskKind, (v: string | null) => string | null>> = {
  realName: maskName,
  phone: maskPhone,
  idCard: maskIdCard,
};

/** The answer with every masked column's text masked. */
export function maskAnswer(definition: Pick<FormDefinition, 'columns'>, answer: AnswerMap): AnswerMap {
  const out: AnswerMap = { ...answer };
  for (const c of definition.columns) {
    const v = out[c.prop];
    if (c.mask && typeof v === 'string') out[c.prop] = MASKERS[c.mask](v);
  }
  return out;
}

/** The answer without masked values of masked columns: they are not resubmitted (S0.5.7). */
export function dropMaskedValues(definition: Pick<FormDefinition, 'columns'>, answer: AnswerMap): AnswerMap {
  const out: AnswerMap = { ...answer };
  for (const c of definition.columns) {
    const v = out[c.prop];
    if (c.mask && typeof v === 'string' && isMaskedValue(v)) delete out[c.prop];
  }
  return out;
}

/** The update flags of a submission: 1 for each masked kind whose column holds a new, unmasked value. */
export function maskUpdateFlags(
  definition: Pick<FormDefinition, 'columns'>,
  answer: AnswerMap,
): Record<string, 0 | 1> {
  const flags: Record<string, 0 | 1> = {};
  for (const c of definition.columns) {
    if (!c.mask) continue;
    const v = answer[c.prop];
    const fresh = typeof v === 'string' && v !== '' && !isMaskedValue(v);
    flags[MASK_UPDATE_FLAGS[c.mask]] = fresh || flags[MASK_UPDATE_FLAGS[c.mask]] === 1 ? 1 : 0;
  }
  return flags;
}
