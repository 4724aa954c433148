import { describe, expect, it } from 'vitest';
import { agreementDialogParts } from './agreement-dialog';

describe('the start-up agreement dialog parts [spec:S0.4.1] [spec:S0.3.12]', () => {
  it('without a bound form: the text and the footer agree button, as before', () => {
    expect(agreementDialogParts({ content: 'Consent text', form: null })).toEqual({
      showText: true,
      formId: null,
      footerAgree: true,
    });
    // An empty text still shows its (empty) region: the dialog has nothing else.
    expect(agreementDialogParts({ content: '', form: null }).showText).toBe(true);
  });

  it('with a bound form: the form below the text, agreeing is submitting it', () => {
    expect(agreementDialogParts({ content: 'Consent text', form: { formId: 7 } })).toEqual({
      showText: true,
      formId: 7,
      footerAgree: false,
    });
    // No text in the setting: the form alone.
    expect(agreementDialogParts({ content: '  ', form: { formId: 7 } }).showText).toBe(false);
  });
});
