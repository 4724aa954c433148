import { createHash } from 'node:crypto';
import {
  CASE_ALL_PERMISSION,
  SIGNATURE_FIELDS,
  SIGNATURE_IMAGE_BOX,
  SIGNATURE_QUOTE_MESSAGES,
  SIGNATURE_STORE_MESSAGES,
  SIGNATURE_UPLOAD_MAX_BYTES,
  SIGNATURE_UPLOAD_MESSAGES,
  canSignField,
  checkSignatureQuote,
  isVisitorSigner,
  ownSignatureField,
  parseDataUrl,
  type Lang,
  type SignatureQuoteKind,
  type StoredSignature,
} from '@psy/contracts';
import type { z } from 'zod';
import type { consultRoleTypeSchema } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { AppError, badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { ImageRefusedError, reencodeImage, type ImageRules } from '../../core/images/reencode-image';
import type { FileStorage } from '../../core/storage/file-storage';
import { deptScopeOf, isDeptInScope, recordPersonalDataRead } from '../identity';
import {
  findLiveUserDept,
  findSignature,
  upsertSignature,
  userExists,
  type SignatureRow,
} from './signatures.repository';
import { effectiveRoleCodes } from './signatures.policy';

async function present(storage: FileStorage, row: SignatureRow): Promise<StoredSignature | null> {
  const bytes = await storage.get(row.fileKey);
  if (!bytes) return null;
  return {
    userId: row.userId,
    username: row.username,
    realName: row.realName,
    sign: `data:${row.contentType};base64,${bytes.toString('base64')}`,
    contentType: row.contentType as StoredSignature['contentType'],
    size: row.size,
    signTime: row.updatedAt.toISOString(),
  };
}

/** Reads a stored signature; when quoting, refuses as the spec says (S0.5.8) instead of answering null. */
async function readSignature(
  scope: TenantScope,
  storage: FileStorage,
  p: Principal,
  userId: number,
  quote: { kind: SignatureQuoteKind; lang: Lang } | null,
): Promise<StoredSignature | null> {
  const row = await findSignature(scope, userId);
  const stored = row ? await present(storage, row) : null;
  if (quote) {
    const issue = checkSignatureQuote({
      kind: quote.kind,
      roleCodes: effectiveRoleCodes(p),
      hasStoredSignature: stored !== null,
    });
    if (issue) throw new AppError('business', SIGNATURE_QUOTE_MESSAGES[issue][quote.lang]);
  }
  return stored;
}

/** The signed-in user's own stored signature (`/admin/team/getSign`); quoting applies the teacher rules. */
export function getOwnSignature(
  scope: TenantScope,
  storage: FileStorage,
  p: Principal,
  opts: { quote: boolean; lang: Lang },
): Promise<StoredSignature | null> {
  return readSignature(scope, storage, p, p.userId, opts.quote ? { kind: 'teacher', lang: opts.lang } : null);
}

const TEAM_SIGN_ROUTE = 'GET /admin/team/getSign';

/**
 * `/admin/team/getSign`: the caller's own stored signature, or with `userId` someone else's for the
 * consulting team's administrators (`consult_case_all`, the permission of the team and counsellor detail
 * calls), within their data scope: they see on the counsellor detail what that counsellor's records quote.
 * Such a read is written to the personal-data access log. Only the owner quotes a signature: a quote of
 * someone else's would sign in their name.
 */
export async function getTeamSignature(
  scope: TenantScope,
  storage: FileStorage,
  p: Principal,
  opts: { userId: number | undefined; quote: boolean; lang: Lang },
): Promise<StoredSignature | null> {
  if (opts.userId === undefined || opts.userId === p.userId) return getOwnSignature(scope, storage, p, opts);
  if (!p.permissions.has(CASE_ALL_PERMISSION)) throw forbidden();
  if (opts.quote) throw badRequest('userId', 'a signature is quoted only by its owner');
  const target = await findLiveUserDept(scope, opts.userId);
  const ds = target ? await deptScopeOf(scope, p) : null;
  // Outside the data scope is answered like another school's user: nothing to tell apart.
  if (!target || (ds !== null && !isDeptInScope(ds, target.deptId))) throw notFound('user');
  const stored = await readSignature(scope, storage, p, opts.userId, null);
  if (stored) {
    await recordPersonalDataRead(scope, p, {
      subjectId: opts.userId,
      fields: ['signature'],
      route: TEAM_SIGN_ROUTE,
    });
  }
  return stored;
}

/**
 * A visitor's stored signature (`/consult/visitor/sign`): the caller's own, or with `uid` the visitor a
 * student-signature quote names. Only staff may read someone else's (a visitor is refused).
 */
export async function getVisitorSignature(
  scope: TenantScope,
  storage: FileStorage,
  p: Principal,
  opts: { uid: number | undefined; quote: boolean; lang: Lang },
): Promise<StoredSignature | null> {
  const userId = opts.uid ?? p.userId;
  if (userId !== p.userId) {
    if (isVisitorSigner(effectiveRoleCodes(p)) || effectiveRoleCodes(p).length === 0) throw forbidden();
    if (!(await userExists(scope, userId))) throw notFound('user');
  }
  return readSignature(scope, storage, p, userId, opts.quote ? { kind: 'student', lang: opts.lang } : null);
}

/** What a stored signature image may be (docs/signatures-and-fingerprint.md, "Upload limits"). */
export const SIGNATURE_IMAGE_RULES: ImageRules = {
  types: ['image/png', 'image/jpeg'],
  maxBytes: SIGNATURE_UPLOAD_MAX_BYTES,
  maxPixels: 25_000_000,
  box: SIGNATURE_IMAGE_BOX,
};

/**
 * A signature image from a data URL, checked and re-encoded (`reencodeImage`: PNG or JPEG by content,
 * at most 2 MB and 25 million pixels, shrunk into 1520x760, nothing kept but the pixels); a refusal is a
 * 400 naming `field` with the spec's messages.
 */
export async function signatureImage(dataUrl: string, field: string, lang: Lang) {
  if (dataUrl.trim() === '') throw badRequest(field, SIGNATURE_UPLOAD_MESSAGES.empty[lang]);
  const parsed = parseDataUrl(dataUrl);
  if (!parsed) throw badRequest(field, SIGNATURE_UPLOAD_MESSAGES.type[lang]);
  try {
    return await reencodeImage(Buffer.from(parsed.base64, 'base64'), SIGNATURE_IMAGE_RULES);
  } catch (err) {
    if (!(err instanceof ImageRefusedError)) throw err;
    const message =
      err.issue === 'empty'
        ? SIGNATURE_UPLOAD_MESSAGES.empty
        : err.issue === 'size'
          ? SIGNATURE_STORE_MESSAGES.tooLarge
          : err.issue === 'pixels'
            ? SIGNATURE_STORE_MESSAGES.pixels
            : SIGNATURE_UPLOAD_MESSAGES.type;
    throw badRequest(field, message[lang]);
  }
}

/**
 * Stores the signed-in user's signature from a data URL (a drawn canvas or an uploaded image), re-encoded
 * (`signatureImage`; spec S0.5.8). The file it replaces is removed once the new one is committed.
 */
export async function saveOwnSignature(
  scope: TenantScope,
  storage: FileStorage,
  p: Principal,
  dataUrl: string,
  lang: Lang,
): Promise<StoredSignature> {
  const image = await signatureImage(dataUrl, 'sign', lang);
  const previous = await findSignature(scope, p.userId);
  const fileKey = await storage.put(`t${p.tenantId}/signatures`, image.bytes);
  await upsertSignature(scope, {
    userId: p.userId,
    fileKey,
    contentType: image.type,
    size: image.bytes.length,
    sha256: createHash('sha256').update(image.bytes).digest('hex'),
  });
  if (previous && previous.fileKey !== fileKey) {
    scope.afterCommit?.(() => storage.remove(previous.fileKey).catch(() => undefined));
  }
  const row = await findSignature(scope, p.userId);
  return (await present(storage, row!))!;
}

/** Which signature fields the signed-in user signs (`/admin/team/checkConsultRoleType`, spec S0.6.7). */
export function consultRoleType(
  p: Principal,
  setId: number | undefined,
): z.input<typeof consultRoleTypeSchema> {
  const codes = effectiveRoleCodes(p);
  const isVisitor = isVisitorSigner(codes);
  return {
    isVisitor,
    signField: ownSignatureField(codes),
    signableFields: SIGNATURE_FIELDS.filter((f) => canSignField(f, codes)),
    canQuoteTeacherSign: !isVisitor && codes.length > 0,
    setId: setId ?? null,
  };
}
