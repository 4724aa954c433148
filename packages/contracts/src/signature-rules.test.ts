import { describe, expect, it } from 'vitest';
import {
  SIGNATURE_MAX_BYTES,
  SIGNATURE_UPLOAD_MESSAGES,
  canSignField,
  checkSignatureBytes,
  checkSignatureFile,
  checkSignatureQuote,
  keepsSignatureRule,
  ownSignatureField,
  parseDataUrl,
  sniffImageType,
} from './signature-rules';

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

describe('who signs which field [spec:S0.6.7] [spec:S1.6.20]', () => {
  it('a visitor signs sign_student, others sign_teacher', () => {
    expect(ownSignatureField(['ROLE_GENERAL'])).toBe('sign_student');
    expect(ownSignatureField(['ROLE_CONSULTANT'])).toBe('sign_teacher');
    expect(ownSignatureField(['ROLE_GENERAL', 'ROLE_CONSULTANT'])).toBe('sign_teacher');
  });
  it('supervisor fields only by supervisor or admin; common by anyone', () => {
    expect(canSignField('sign_supervisor', ['ROLE_SUPERVISOR'])).toBe(true);
    expect(canSignField('sign_supervisor', ['ROLE_ADMIN'])).toBe(true);
    expect(canSignField('sign_supervisor', ['ROLE_CONSULTANT'])).toBe(false);
    expect(canSignField('sign_common', ['ROLE_GENERAL'])).toBe(true);
    expect(canSignField('sign_teacher', ['ROLE_GENERAL'])).toBe(false);
    expect(canSignField('sign_student', ['ROLE_CONSULTANT'])).toBe(false);
    expect(canSignField('sign_common', [])).toBe(false);
  });
  it('drops sign_student rules for non-visitors and sign_teacher rules for visitors', () => {
    expect(keepsSignatureRule('sign_student', ['ROLE_CONSULTANT'])).toBe(false);
    expect(keepsSignatureRule('sign_teacher', ['ROLE_GENERAL'])).toBe(false);
    expect(keepsSignatureRule('sign_common', ['ROLE_GENERAL'])).toBe(true);
  });
});

describe('quoting a stored signature [spec:S0.5.8] [spec:S1.5.8]', () => {
  it('refuses visitors quoting a teacher signature', () => {
    expect(
      checkSignatureQuote({ kind: 'teacher', roleCodes: ['ROLE_GENERAL'], hasStoredSignature: true }),
    ).toBe('visitorCannotQuoteTeacher');
  });
  it('refuses a teacher quote with none stored', () => {
    expect(
      checkSignatureQuote({ kind: 'teacher', roleCodes: ['ROLE_CONSULTANT'], hasStoredSignature: false }),
    ).toBe('noTeacherSignature');
    expect(
      checkSignatureQuote({ kind: 'teacher', roleCodes: ['ROLE_CONSULTANT'], hasStoredSignature: true }),
    ).toBeNull();
  });
  it('refuses a student quote with none stored', () => {
    expect(
      checkSignatureQuote({ kind: 'student', roleCodes: ['ROLE_CONSULTANT'], hasStoredSignature: false }),
    ).toBe('noStudentSignature');
  });
});

describe('upload rules [spec:S0.5.8] [spec:S0.9.2]', () => {
  it('accepts only jpg/jpeg/png names up to 20 MB', () => {
    expect(checkSignatureFile({ name: 'a.PNG', size: 10 })).toBeNull();
    expect(checkSignatureFile({ name: 'a.jpeg', size: SIGNATURE_MAX_BYTES })).toBeNull();
    expect(checkSignatureFile({ name: 'a.gif', size: 10 })).toBe('type');
    expect(checkSignatureFile({ name: 'png', size: 10 })).toBe('type');
    expect(checkSignatureFile({ name: 'a.jpg', size: SIGNATURE_MAX_BYTES + 1 })).toBe('size');
    expect(checkSignatureFile({ name: 'a.jpg', size: 0 })).toBe('empty');
  });
  it('checks the content, not the name', () => {
    expect(sniffImageType(PNG_HEAD)).toBe('image/png');
    expect(sniffImageType(JPEG_HEAD)).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(checkSignatureBytes(new Uint8Array())).toBe('empty');
    expect(checkSignatureBytes(new TextEncoder().encode('<svg/>'))).toBe('type');
  });
  it("says 20 MB, what is enforced, not the spec's 2 MB", () => {
    expect(SIGNATURE_UPLOAD_MESSAGES.size['en-US']).toContain('20 MB');
    expect(SIGNATURE_UPLOAD_MESSAGES.empty['en-US']).toBe('please sign');
  });
  it('parses base64 data URLs only', () => {
    expect(parseDataUrl('data:image/png;base64,AAAA')).toEqual({ mediaType: 'image/png', base64: 'AAAA' });
    expect(parseDataUrl('data:image/png,AAAA')).toBeNull();
    expect(parseDataUrl('https://x/y.png')).toBeNull();
  });
});
