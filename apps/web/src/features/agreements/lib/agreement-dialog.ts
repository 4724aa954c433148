import type { MyAgreement } from '../api/my-agreement';

export interface AgreementDialogParts {
  /** Show the setting's text (always without a form; with one, only when the setting has a text). */
  showText: boolean;
  /** The school's agreement form to render below the text, or null. */
  formId: number | null;
  /** The footer's own "Agree" (text only); with a form, agreeing is submitting the form. */
  footerAgree: boolean;
}

/** What the start-up agreement dialog shows (docs/settings-and-dictionaries.md "The start-up agreement"). */
export function agreementDialogParts(agreement: Pick<MyAgreement, 'content' | 'form'>): AgreementDialogParts {
  const formId = agreement.form?.formId ?? null;
  return {
    showText: formId === null || agreement.content.trim() !== '',
    formId,
    footerAgree: formId === null,
  };
}
