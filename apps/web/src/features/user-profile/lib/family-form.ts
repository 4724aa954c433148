import type { FamilyInfo } from '@psy/contracts';

/** Form values of the family section: optional texts arrive as '' or undefined from the inputs. */
export interface FamilyFormValues {
  members?: { relation?: string; name?: string; phone?: string; occupation?: string; workplace?: string }[];
  isOnlyChild?: 0 | 1;
  familyAddress?: string;
  economicStatus?: string;
  remark?: string;
}

const clean = (v: string | undefined) => {
  const t = v?.trim();
  return t ? t : undefined;
};

/** The document to save: empty texts dropped (the server refuses unknown keys, not missing ones). */
export function familyInfoFromForm(values: FamilyFormValues): FamilyInfo {
  const members = (values.members ?? []).map((m) => {
    const member: FamilyInfo['members'][number] = {
      relation: m.relation?.trim() ?? '',
      name: m.name?.trim() ?? '',
    };
    const phone = clean(m.phone);
    const occupation = clean(m.occupation);
    const workplace = clean(m.workplace);
    if (phone) member.phone = phone;
    if (occupation) member.occupation = occupation;
    if (workplace) member.workplace = workplace;
    return member;
  });
  const info: FamilyInfo = { members };
  if (values.isOnlyChild === 0 || values.isOnlyChild === 1) info.isOnlyChild = values.isOnlyChild;
  const familyAddress = clean(values.familyAddress);
  const economicStatus = clean(values.economicStatus);
  const remark = clean(values.remark);
  if (familyAddress) info.familyAddress = familyAddress;
  if (economicStatus) info.economicStatus = economicStatus;
  if (remark) info.remark = remark;
  return info;
}
