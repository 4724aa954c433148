import {
  EMERGENCY_CONTACT_MAX,
  maskPhone,
  type EmergencyContact,
  type FamilyInfo,
  type emergencyContactFieldsSchema,
} from '@psy/contracts';
import type { z } from 'zod';
import type { TenantScope } from '../../core/db/database';
import { AppError, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { assertUserInDataScope, recordProfileRead, seesContactPhonesOf } from './user-profile.policy';
import * as identity from '../identity';
import { requireDictItems } from '../settings';
import * as repo from './user-profile.repository';
import type { EmergencyContactRow, ProfileDocumentKind } from './user-profile.repository';

type ContactFields = z.output<typeof emergencyContactFieldsSchema>;

function toContact(r: EmergencyContactRow): EmergencyContact {
  return {
    id: r.id,
    userId: r.userId,
    emergencyContact: r.name,
    emergencyContactPhone: r.phone,
    relation: r.relation,
    updateTime: r.updatedAt.toISOString(),
  };
}

/** Another user the caller acts on: must exist in the tenant and lie within the caller's data scope. */
async function requireUserInScope(scope: TenantScope, p: Principal, userId: number): Promise<void> {
  if (!(await identity.liveUserExists(scope, userId))) throw notFound('user');
  await assertUserInDataScope(scope, p, userId);
}

const fields = (f: ContactFields) => ({
  name: f.emergencyContact,
  phone: f.emergencyContactPhone,
  relation: f.relation ? f.relation : null,
});

// ---- Emergency contacts

/**
 * The emergency contacts of a user (own, or another's within the data scope); their phones masked as the
 * user's own phone is, for a viewer without the sensitive-data key.
 */
export async function listContacts(scope: TenantScope, p: Principal, userId: number) {
  const fullPhones = seesContactPhonesOf(p, userId);
  if (userId !== p.userId) {
    await requireUserInScope(scope, p, userId);
    await recordProfileRead(scope, p, {
      subjectId: userId,
      fields: fullPhones ? ['emergencyContact', 'emergencyContactPhone'] : ['emergencyContact'],
      route: 'POST /admin/emergencyContact/list',
    });
  }
  return (await repo.listContacts(scope, userId)).map((r) => {
    const contact = toContact(r);
    return fullPhones
      ? contact
      : { ...contact, emergencyContactPhone: maskPhone(contact.emergencyContactPhone)! };
  });
}

/** Adds an emergency contact to a user, at most EMERGENCY_CONTACT_MAX each. */
export async function addContact(scope: TenantScope, p: Principal, userId: number, f: ContactFields) {
  if (userId !== p.userId) await requireUserInScope(scope, p, userId);
  const row = await repo.insertContact(scope, { userId, ...fields(f) }, EMERGENCY_CONTACT_MAX);
  if (!row) {
    throw new AppError('business', `at most ${EMERGENCY_CONTACT_MAX} emergency contacts`);
  }
  return toContact(row);
}

/** Finds a contact the caller may change: their own (mine), or one of a user within their data scope. */
async function requireContact(scope: TenantScope, p: Principal, id: number, mine: boolean) {
  const row = await repo.findContact(scope, id);
  if (!row || (mine && row.userId !== p.userId)) throw notFound('emergency contact');
  if (!mine && row.userId !== p.userId) await assertUserInDataScope(scope, p, row.userId);
  return row;
}

export async function changeContact(
  scope: TenantScope,
  p: Principal,
  id: number,
  f: ContactFields,
  mine: boolean,
) {
  await requireContact(scope, p, id, mine);
  return toContact((await repo.updateContact(scope, id, fields(f)))!);
}

export async function removeContact(scope: TenantScope, p: Principal, id: number, mine: boolean) {
  await requireContact(scope, p, id, mine);
  return repo.deleteContact(scope, id);
}

// ---- Family, custom and assess documents

const READ_ROUTES: Record<ProfileDocumentKind, string> = {
  family: 'GET /admin/v2/user/findUserFamilyInfo',
  assess: 'GET /admin/userAssessInfo/findUserAssessInfo',
};

/** A user's document of one kind (null until saved); reading another user's is recorded in the access log. */
export async function readDocument(
  scope: TenantScope,
  p: Principal,
  userId: number,
  kind: ProfileDocumentKind,
) {
  const fullPhones = seesContactPhonesOf(p, userId);
  if (userId !== p.userId) {
    await requireUserInScope(scope, p, userId);
    await recordProfileRead(scope, p, {
      subjectId: userId,
      fields: kind === 'family' && fullPhones ? ['familyInfo', 'familyPhone'] : [`${kind}Info`],
      route: READ_ROUTES[kind],
    });
  }
  const row = await repo.findDocument(scope, userId, kind);
  const doc = row && kind === 'family' && !fullPhones ? maskFamilyPhones(row.doc as FamilyInfo) : row?.doc;
  return { userId, info: (doc ?? null) as never, updateTime: row ? row.updatedAt.toISOString() : null };
}

/** Family information with the members' phones masked (the rule of the user's own phone). */
function maskFamilyPhones(info: FamilyInfo): FamilyInfo {
  return {
    ...info,
    members: (info.members ?? []).map((m) => (m.phone ? { ...m, phone: maskPhone(m.phone)! } : m)),
  };
}

/** Replaces a user's document of one kind (validated and capped by the contract). */
export async function writeDocument(
  scope: TenantScope,
  p: Principal,
  userId: number,
  kind: ProfileDocumentKind,
  doc: unknown,
) {
  if (userId !== p.userId) await requireUserInScope(scope, p, userId);
  const row = await repo.upsertDocument(scope, { userId, kind, doc, updatedBy: p.userId });
  return { userId, info: row.doc as never, updateTime: row.updatedAt.toISOString() };
}

// ---- Custom ("other information") fields, kept on the user row

/** A user's custom information (the dictionary fields of the default user form). */
export async function readCustomInfo(scope: TenantScope, p: Principal, userId: number) {
  if (userId !== p.userId) await requireUserInScope(scope, p, userId);
  const row = await identity.findDictFields(scope, userId);
  if (!row) throw notFound('user');
  const { updatedAt, ...info } = row;
  return { userId, info, updateTime: updatedAt.toISOString() };
}

/** Changes the given custom fields of a user (absent fields stay as they are). */
export async function writeCustomInfo(
  scope: TenantScope,
  p: Principal,
  userId: number,
  info: Partial<identity.DictFields>,
) {
  if (userId !== p.userId) await requireUserInScope(scope, p, userId);
  const patch = Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined));
  const held = await identity.findDictFields(scope, userId);
  if (!held) throw notFound('user');
  const { updatedAt: _at, ...heldValues } = held;
  await requireDictItems(scope, patch, heldValues);
  await identity.updateDictFields(scope, userId, patch);
  return readCustomInfo(scope, p, userId);
}
