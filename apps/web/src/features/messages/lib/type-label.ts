import { MESSAGE_TYPE_CODE } from '@psy/contracts';

type TypeCode = (typeof MESSAGE_TYPE_CODE)[keyof typeof MESSAGE_TYPE_CODE];

/** Catalogue keys of the type codes the platform sends; other codes are shown as they are. */
export const TYPE_CODE_LABEL_KEYS = {
  [MESSAGE_TYPE_CODE.lockRemind]: 'messages.typeCodes.LOCK_REMIND',
  [MESSAGE_TYPE_CODE.appointmentRemind]: 'messages.typeCodes.APPOINTMENT_REMIND',
  [MESSAGE_TYPE_CODE.crisisRemind]: 'messages.typeCodes.CRISIS_REMIND',
  [MESSAGE_TYPE_CODE.importResult]: 'messages.typeCodes.IMPORT_RESULT',
  [MESSAGE_TYPE_CODE.system]: 'messages.typeCodes.SYSTEM',
} as const satisfies Record<TypeCode, string>;

export type TypeCodeLabelKey = (typeof TYPE_CODE_LABEL_KEYS)[TypeCode];

/** The catalogue key naming a message's type code, or null for a code this version does not know. */
export function typeCodeLabelKey(typeCode: string): TypeCodeLabelKey | null {
  return (TYPE_CODE_LABEL_KEYS as Record<string, TypeCodeLabelKey>)[typeCode] ?? null;
}
