import {
  SINGLE_SESSION_CATEGORY_ID,
  WORKFORCE_EDIT_PERMISSION,
  WORKFORCE_ROLE_CODES,
  type Workforce,
  hasPermission,
} from '@psy/contracts';
import { itemLabel } from '../../dicts';

/** Fields of the service-category form; a server 400 naming one of them is shown on it. */
export const WORKFORCE_FORM_FIELDS = ['categoryIds', 'accepting'] as const;

export interface WorkforceFormValues {
  categoryIds: number[];
  accepting: boolean;
}

export interface CategoryOption {
  value: number;
  label: string;
}

/**
 * Whether the details page shows the service-category card: the user holds a counsellor role and the
 * viewer may edit workforce (docs/workforce.md). Pure.
 */
export function showsWorkforceCard(
  roleList: readonly { roleCode: string }[],
  permissions: readonly string[],
): boolean {
  return (
    hasPermission(permissions, WORKFORCE_EDIT_PERMISSION) &&
    roleList.some((r) => (WORKFORCE_ROLE_CODES as readonly string[]).includes(r.roleCode))
  );
}

/**
 * The categories offered: the enabled items of the school's `categoryId` dictionary (numeric values,
 * labels in the viewer's language) and single session (10) unless the dictionary has it. Pure.
 */
export function workforceCategoryOptions(
  items: readonly { value: string; label: string; labelEn?: string | null }[],
  lang: string,
  singleSessionLabel: string,
): CategoryOption[] {
  const options = items
    .filter((item) => /^\d{1,9}$/.test(item.value))
    .map((item) => ({ value: Number(item.value), label: itemLabel(item, lang) }));
  if (!options.some((o) => o.value === SINGLE_SESSION_CATEGORY_ID)) {
    options.push({ value: SINGLE_SESSION_CATEGORY_ID, label: singleSessionLabel });
  }
  return options;
}

/**
 * The form's starting values: stored categories the school no longer offers are left out (saving
 * drops them; the server would refuse them). Pure.
 */
export function workforceFormValues(
  workforce: Workforce,
  options: readonly CategoryOption[],
): WorkforceFormValues {
  const offered = new Set(options.map((o) => o.value));
  return {
    categoryIds: workforce.categoryIds.filter((id) => offered.has(id)),
    accepting: workforce.accepting,
  };
}
