import {
  canSignField,
  signatureCompanionFields,
  SIGNATURE_FIELDS,
  type SignatureField,
} from '@psy/contracts';
import type { AnswerMap, FormDefinition } from './definition';
import { formError, type FormError } from './errors';
import { isEmptyValue } from './values';

/**
 * Signing a form's signature field (spec S0.3.31, S0.4.9, S0.6.7). Who may sign which field is decided
 * by @psy/contracts `canSignField`; this module only stamps the answer.
 */

export interface Signer {
  userName: string;
  realName: string;
  roleCodes: readonly string[];
}

export type SignResult = { ok: true; answer: AnswerMap } | { ok: false; error: FormError };

export const isSignatureField = (prop: string): prop is SignatureField =>
  (SIGNATURE_FIELDS as readonly string[]).includes(prop);

/**
 * Puts a signature image (data URL or stored file key) into the answer and stamps signer and time
 * (`_signUserName`, `_signRealName`, `_signTime` as epoch ms). Refused when the form has no such
 * signature column, the signer may not sign it, the image is empty ('please sign'), or it is already
 * signed (a signature cannot be changed).
 */
export function signField(
  definition: Pick<FormDefinition, 'columns'>,
  answer: AnswerMap,
  field: SignatureField,
  signer: Signer,
  image: string,
  at: number | Date,
): SignResult {
  const column = definition.columns.find((c) => c.prop === field && c.type === 'signature');
  if (!column) return { ok: false, error: formError(field, 'type') };
  if (!canSignField(field, signer.roleCodes)) return { ok: false, error: formError(field, 'signatureRole') };
  if (image.trim() === '') return { ok: false, error: formError(field, 'required') };
  if (!isEmptyValue(answer[field])) return { ok: false, error: formError(field, 'signatureLocked') };
  const keys = signatureCompanionFields(field);
  return {
    ok: true,
    answer: {
      ...answer,
      [field]: image,
      [keys.userName]: signer.userName,
      [keys.realName]: signer.realName,
      [keys.time]: typeof at === 'number' ? at : at.getTime(),
    },
  };
}

/** The signature fields of a form this person may sign now (present, allowed, still empty). */
export function signableFields(
  definition: Pick<FormDefinition, 'columns'>,
  answer: AnswerMap,
  roleCodes: readonly string[],
): SignatureField[] {
  return definition.columns
    .filter((c) => c.type === 'signature' && isSignatureField(c.prop))
    .map((c) => c.prop as SignatureField)
    .filter((f) => canSignField(f, roleCodes) && isEmptyValue(answer[f]));
}
