import type { MessageTemplate } from '@psy/contracts';

/** The four texts of a template, as the edit dialog's fields. */
export const TEMPLATE_TEXT_FIELDS = ['titleZh', 'contentZh', 'titleEn', 'contentEn'] as const;
export type TemplateTextField = (typeof TEMPLATE_TEXT_FIELDS)[number];
export type TemplateTexts = Record<TemplateTextField, string>;

export function templateFormValues(template: MessageTemplate): TemplateTexts {
  return {
    titleZh: template.titleZh,
    contentZh: template.contentZh,
    titleEn: template.titleEn,
    contentEn: template.contentEn,
  };
}

/**
 * The body of `messageManager/change` for what the dialog changed: only texts that differ (after trimming,
 * as the server stores them), so saving an unchanged dialog sends nothing to change; null when nothing did.
 */
export function changedTexts(
  template: MessageTemplate,
  values: Partial<TemplateTexts>,
): ({ id: number } & Partial<TemplateTexts>) | null {
  const body: { id: number } & Partial<TemplateTexts> = { id: template.id };
  let isChanged = false;
  for (const field of TEMPLATE_TEXT_FIELDS) {
    const value = values[field];
    if (value === undefined) continue;
    const next = value.trim();
    if (next !== template[field]) {
      body[field] = next;
      isChanged = true;
    }
  }
  return isChanged ? body : null;
}

/** The placeholders a template may use, as written in its texts: `{realName}`. */
export function placeholderTokens(params: readonly string[]): string[] {
  return params.map((name) => `{${name}}`);
}

/** Events whose key contains the search text (any case), for filtering the shown page. */
export function eventSearchTerm(text: string): string {
  return text.trim().toUpperCase();
}
