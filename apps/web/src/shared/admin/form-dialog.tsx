import { Button, Flex, Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createClickGuard } from '../lib/click-guard';
import { showToast } from '../ui/feedback';
import { placeServerErrors, type FieldName } from './server-errors';

/**
 * Shows a failed save's problems: the issues of a 400 that name one of `formFields` on their field, the
 * rest as one toast (server-errors.ts). Returns the fields that got an error, so that editing them can
 * clear it (`clearEditedErrors`).
 */
export function showServerErrors<K extends string>(
  form: FormInstance,
  error: unknown,
  formFields: readonly K[],
  options: { fallback: string; fieldOf?: Partial<Record<K, FieldName>> },
): FieldName[] {
  const { fields, toast } = placeServerErrors(error, formFields, options);
  if (fields.length) form.setFields(fields.map(({ name, errors }) => ({ name: name as string, errors })));
  if (toast) showToast('error', toast);
  return fields.map((f) => f.name);
}

/** A server error belongs to the value it was given for: editing that field clears it. */
export function clearEditedErrors(form: FormInstance, changed: object, withServerErrors: Set<string>): void {
  const edited = Object.keys(changed).filter((name) => withServerErrors.has(name));
  for (const name of edited) withServerErrors.delete(name);
  if (edited.length) form.setFields(edited.map((name) => ({ name, errors: [] })));
}

export interface FormDialogProps<V> {
  title: ReactNode;
  /** The form's name: field ids are `${name}_${field}`. */
  name: string;
  initialValues?: FormProps<V>['initialValues'];
  form?: FormInstance<V>;
  width?: ModalProps['width'];
  /**
   * The fields of a 400 (`data.fields[].field`) this form shows; `fieldOf` maps one to the form's name
   * for it when they differ.
   */
  serverFields?: readonly string[];
  fieldOf?: Partial<Record<string, FieldName>>;
  /**
   * Saves. The save calls are silent (`hidePopup`): when one fails, the dialog puts the server's messages
   * on their fields and shows anything else as a toast.
   */
  onSubmit: (values: V) => Promise<unknown>;
  /**
   * Toast once saved: 'saved successfully' unless the page says more (from what `onSubmit` answered;
   * null: nothing to say, as when nothing changed).
   */
  successText?: string | ((result: unknown) => string | null);
  /** Toast when a save failed without a message of the server (no answer). */
  failureText?: string;
  onClose: () => void;
  /** After a save, instead of closing (the page shows what comes next). */
  onSaved?: (result: unknown) => void;
  okText?: string;
  okTestId?: string;
  /** Above the form: a hint, the placeholders a text may use. */
  before?: ReactNode;
  onValuesChange?: FormProps<V>['onValuesChange'];
  scrollToFirstError?: boolean;
  children: ReactNode;
}

/**
 * The add/edit dialog of an administration page: its form, Cancel and Confirm; a second click within
 * 2 s does not save twice (S1.5.13), a failed save only frees the button again (S0.8.12) and puts the
 * server's 400 on the field it names.
 */
export function FormDialog<V extends object>({
  title,
  name,
  initialValues,
  form: given,
  width,
  serverFields = [],
  fieldOf,
  onSubmit,
  successText,
  failureText,
  onClose,
  onSaved,
  okText,
  okTestId,
  before,
  onValuesChange,
  scrollToFirstError,
  children,
}: FormDialogProps<V>) {
  const { t } = useTranslation();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const [isSaving, setSaving] = useState(false);
  const guard = useRef(createClickGuard());
  const withServerErrors = useRef(new Set<string>());

  const submit = async (values: V) => {
    if (!guard.current()) return;
    setSaving(true);
    let result: unknown;
    try {
      result = await onSubmit(values);
    } catch (error) {
      setSaving(false);
      guard.current.reset();
      const placed = showServerErrors(form, error, serverFields, {
        fallback: failureText ?? t('adminKit.saveFailed'),
        fieldOf,
      });
      for (const field of placed) withServerErrors.current.add(String(field));
      return;
    }
    setSaving(false);
    const text =
      typeof successText === 'function' ? successText(result) : (successText ?? t('adminKit.saved'));
    if (text) showToast('success', text);
    if (onSaved) onSaved(result);
    else onClose();
  };

  return (
    <Modal
      open
      width={width}
      title={title}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {before}
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        autoComplete="off"
        initialValues={initialValues}
        scrollToFirstError={scrollToFirstError}
        onValuesChange={(changed, all) => {
          clearEditedErrors(form, changed, withServerErrors.current);
          onValuesChange?.(changed, all);
        }}
        onFinish={(values) => void submit(values)}
      >
        {children}
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={isSaving} data-testid={okTestId}>
            {okText ?? t('common.confirm')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
