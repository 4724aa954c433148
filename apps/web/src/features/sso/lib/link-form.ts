import type { SsoLink, UserSimple } from '@psy/contracts';

/** What the link form holds: the chosen user and the provider's subject as typed. */
export interface LinkFormValues {
  userId?: number | null;
  subject?: string;
}

/** How a user reads in the picker and the list: the name, then the number or else the login account. */
export const userLabel = (u: Pick<UserSimple, 'realName' | 'username'> & { numberName?: string | null }) =>
  `${u.realName} (${u.numberName || u.username})`;

/** A link's user as the list shows it. */
export const linkUserLabel = (l: SsoLink) => userLabel(l);

/**
 * The save body, or the fields still missing: the subject trimmed (the server matches it exactly as the
 * provider sends it, so a pasted space would never match).
 */
export function linkSaveBody(
  providerId: number,
  values: LinkFormValues,
): { body: { providerId: number; subject: string; userId: number } } | { missing: ('userId' | 'subject')[] } {
  const subject = values.subject?.trim() ?? '';
  const missing: ('userId' | 'subject')[] = [];
  if (!values.userId) missing.push('userId');
  if (!subject) missing.push('subject');
  if (missing.length) return { missing };
  return { body: { providerId, subject, userId: values.userId! } };
}
