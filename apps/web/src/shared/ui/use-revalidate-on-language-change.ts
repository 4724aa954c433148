import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Errors already shown stay in the old language until checked again: re-check them on a switch. */
export function useRevalidateOnLanguageChange(form: FormInstance): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const previous = useRef(language);

  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (withErrors.length > 0) form.validateFields(withErrors).catch(() => undefined);
  }, [form, language]);
}
