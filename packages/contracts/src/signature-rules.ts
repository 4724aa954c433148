import type { RuleMessage } from './rules';

/**
 * Signature rules shared by the web app and the server (spec S0.3.31, S0.5.8, S0.6.7, S0.9.2, S1.5.8):
 * who signs which field, when a stored signature may be quoted, and what an upload may be.
 */

/** The signature fields of the form-builder field library (spec S0.3.31). */
export const SIGNATURE_FIELDS = [
  'sign_teacher',
  'sign_student',
  'sign_common',
  'sign_supervisor',
  'sign_supervisedPerson',
] as const;
export type SignatureField = (typeof SIGNATURE_FIELDS)[number];

/** Companion fields stamped with each signing (spec S0.3.31, S0.4.9). */
export const signatureCompanionFields = (field: SignatureField) =>
  ({
    userName: `${field}_signUserName`,
    realName: `${field}_signRealName`,
    time: `${field}_signTime`,
  }) as const;

/** Roles that make a signer a visitor (ordinary user) rather than staff. */
export const VISITOR_ROLE_CODES: readonly string[] = ['ROLE_GENERAL'];
/** Roles that may sign the supervisor field (spec S0.6.7: supervisor or admin). */
export const SUPERVISOR_SIGN_ROLE_CODES: readonly string[] = ['ROLE_SUPERVISOR', 'ROLE_ADMIN'];

/**
 * Whether the roles whose permissions apply make the caller a visitor: every effective role is a visitor
 * role. A user with no effective role is not a visitor (they cannot sign anything anyway).
 */
export function isVisitorSigner(roleCodes: readonly string[]): boolean {
  return roleCodes.length > 0 && roleCodes.every((c) => VISITOR_ROLE_CODES.includes(c));
}

/** The field a person signs by default: a visitor signs sign_student, everyone else sign_teacher. */
export function ownSignatureField(roleCodes: readonly string[]): 'sign_student' | 'sign_teacher' {
  return isVisitorSigner(roleCodes) ? 'sign_student' : 'sign_teacher';
}

/**
 * Whether someone with these roles may sign a field of a form they may edit (spec S0.6.7): sign_student
 * only a visitor, sign_teacher and sign_supervisedPerson only staff, sign_supervisor only a supervisor
 * or an admin, sign_common anyone.
 */
export function canSignField(field: SignatureField, roleCodes: readonly string[]): boolean {
  const visitor = isVisitorSigner(roleCodes);
  switch (field) {
    case 'sign_student':
      return visitor;
    case 'sign_teacher':
    case 'sign_supervisedPerson':
      return !visitor && roleCodes.length > 0;
    case 'sign_supervisor':
      return roleCodes.some((c) => SUPERVISOR_SIGN_ROLE_CODES.includes(c));
    case 'sign_common':
      return roleCodes.length > 0;
  }
}

/**
 * The required rules a form keeps for a signer (spec S0.6.7): sign_student rules are dropped for
 * non-visitors and sign_teacher rules for visitors.
 */
export function keepsSignatureRule(field: SignatureField, roleCodes: readonly string[]): boolean {
  const visitor = isVisitorSigner(roleCodes);
  if (field === 'sign_student') return visitor;
  if (field === 'sign_teacher') return !visitor;
  return true;
}

export type SignatureQuoteKind = 'teacher' | 'student';
export type SignatureQuoteIssue = 'visitorCannotQuoteTeacher' | 'noTeacherSignature' | 'noStudentSignature';

/**
 * Whether a stored signature may be quoted into a form (spec S0.5.8, S1.5.8): visitors cannot quote a
 * teacher signature; quoting one that is not stored is refused with a message saying how to store it.
 */
export function checkSignatureQuote(input: {
  kind: SignatureQuoteKind;
  roleCodes: readonly string[];
  hasStoredSignature: boolean;
}): SignatureQuoteIssue | null {
  if (input.kind === 'teacher') {
    if (isVisitorSigner(input.roleCodes)) return 'visitorCannotQuoteTeacher';
    return input.hasStoredSignature ? null : 'noTeacherSignature';
  }
  return input.hasStoredSignature ? null : 'noStudentSignature';
}

export const SIGNATURE_QUOTE_MESSAGES: Record<SignatureQuoteIssue, RuleMessage> = {
  visitorCannotQuoteTeacher: {
    'en-US': 'visitors cannot quote a teacher signature',
    'zh-CN': '来访者不能引用咨询师签名',
  },
  noTeacherSignature: {
    'en-US': 'no signature stored yet: sign first, or upload a signature on the counsellor detail',
    'zh-CN': '暂无签名，请先签名或在咨询师详情中上传签名',
  },
  noStudentSignature: {
    'en-US': 'the visitor has no stored signature yet: ask the visitor to sign first',
    'zh-CN': '来访者暂无签名，请先让来访者签名',
  },
};

/** Largest signature image accepted (spec S0.9.2: 20 MB). */
export const SIGNATURE_MAX_BYTES = 20 * 1024 * 1024;
/** Types chosen in the file picker (spec S0.5.8: bmp/jpg/jpeg/png/tif/gif); upload then keeps only the next list. */
export const SIGNATURE_PICKER_ACCEPT = '.bmp,.jpg,.jpeg,.png,.tif,.gif';
/** Types a signature upload may have (spec S0.5.8: jpg/jpeg/png), checked by content, not by name. */
export const SIGNATURE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type SignatureImageType = (typeof SIGNATURE_IMAGE_TYPES)[number];
export const SIGNATURE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png'];

export type SignatureUploadIssue = 'empty' | 'type' | 'size';

/**
 * The image type from the first bytes (PNG or JPEG), or null: a file named `.png` that is something
 * else is refused.
 */
export function sniffImageType(bytes: Uint8Array): SignatureImageType | null {
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Checks a chosen file before upload by name and size (the content is checked again on the server). */
export function checkSignatureFile(file: { name: string; size: number }): SignatureUploadIssue | null {
  if (file.size === 0) return 'empty';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !SIGNATURE_EXTENSIONS.includes(ext)) return 'type';
  return file.size > SIGNATURE_MAX_BYTES ? 'size' : null;
}

/** Checks decoded image bytes (server side, and the web after reading the file). */
export function checkSignatureBytes(bytes: Uint8Array): SignatureUploadIssue | null {
  if (bytes.length === 0) return 'empty';
  if (bytes.length > SIGNATURE_MAX_BYTES) return 'size';
  return sniffImageType(bytes) ? null : 'type';
}

/** Messages of the upload rules; the size message says 20 MB, what is enforced (the spec's said 2 MB). */
export const SIGNATURE_UPLOAD_MESSAGES: Record<SignatureUploadIssue, RuleMessage> = {
  empty: { 'en-US': 'please sign', 'zh-CN': '请签名' },
  type: {
    'en-US': 'the signature must be a JPG, JPEG or PNG image',
    'zh-CN': '签名图片只能是 JPG、JPEG 或 PNG 格式',
  },
  size: {
    'en-US': 'the signature image must be smaller than 20 MB',
    'zh-CN': '签名图片大小不能超过 20MB',
  },
};

/** A data URL's media type and bytes; null when it is not a base64 data URL. */
export function parseDataUrl(value: string): { mediaType: string; base64: string } | null {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i.exec(value);
  return m ? { mediaType: m[1]!.toLowerCase(), base64: m[2]! } : null;
}

/**
 * What the server stores of a signature: a file of up to SIGNATURE_MAX_BYTES may be chosen (spec
 * S0.9.2), and the web shrinks it into SIGNATURE_IMAGE_BOX before sending it; the server takes at most
 * SIGNATURE_UPLOAD_MAX_BYTES (the 2 MB the spec's message names) and re-encodes it into the same box.
 * A drawn signature (760x380 PNG) is tens of kilobytes.
 */
export const SIGNATURE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Twice the signature dialog's 760x380 canvas. */
export const SIGNATURE_IMAGE_BOX = { width: 1520, height: 760 } as const;
/** Length of a data URL of the largest signature the server takes. */
export const SIGNATURE_UPLOAD_DATA_URL_MAX = Math.ceil(SIGNATURE_UPLOAD_MAX_BYTES / 3) * 4 + 64;

/** The server's refusals of a signature image beyond SIGNATURE_UPLOAD_MESSAGES. */
export const SIGNATURE_STORE_MESSAGES: Record<'tooLarge' | 'pixels', RuleMessage> = {
  tooLarge: {
    'en-US': 'the signature image must be smaller than 2 MB',
    'zh-CN': '签名图片大小不能超过 2MB',
  },
  pixels: {
    'en-US': 'the signature image is too large: at most 25 million pixels',
    'zh-CN': '签名图片尺寸过大：最多 2500 万像素',
  },
};
