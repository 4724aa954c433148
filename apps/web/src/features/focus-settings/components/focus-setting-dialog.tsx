import { FOCUS_SETTING_LIMITS, type FocusSettingType } from '@psy/contracts';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { useAddFocusSetting, useEditFocusSetting, type FocusSetting } from '../api/focus-settings';
import {
  FOCUS_SETTING_FORM_FIELDS,
  editBody,
  entryLabel,
  focusSettingFormValues,
  insertBody,
  type FocusSettingFormValues,
} from '../lib/focus-setting-form';
import styles from './focus-settings.module.css';

/**
 * Adds an entry to a list or edits one. The server judges the names (unique in the type); its 400 lands
 * on the field it names (`status` on the switch).
 */
export function FocusSettingDialog({
  type,
  typeName,
  entry,
  shown,
  onClose,
}: {
  type: FocusSettingType;
  typeName: string;
  entry: FocusSetting | null;
  shown: readonly FocusSetting[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddFocusSetting();
  const edit = useEditFocusSetting();

  const submit = async (values: FocusSettingFormValues) => {
    if (!entry) return add.mutateAsync(insertBody(type, values));
    const body = editBody(entry, values);
    return body ? edit.mutateAsync(body) : null;
  };

  return (
    <FormDialog<FocusSettingFormValues>
      width={{ xs: '100%', md: 640 }}
      title={
        entry
          ? t('focusSettings.dialogEditTitle', { name: entryLabel(entry, currentLanguage()) })
          : t('focusSettings.dialogAddTitle', { type: typeName })
      }
      name="focus-setting-form"
      initialValues={focusSettingFormValues(entry, shown)}
      serverFields={FOCUS_SETTING_FORM_FIELDS}
      fieldOf={{ status: 'enabled' }}
      successText={entry ? t('focusSettings.saved') : t('focusSettings.created')}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className={styles.langGrid}>
        <Form.Item
          name="name"
          label={t('focusSettings.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('focusSettings.nameRequired') }]}
        >
          <Input maxLength={FOCUS_SETTING_LIMITS.name} showCount />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('focusSettings.fields.nameEn')}
          rules={[{ required: true, whitespace: true, message: t('focusSettings.nameEnRequired') }]}
        >
          <Input maxLength={FOCUS_SETTING_LIMITS.name} showCount />
        </Form.Item>
        <Form.Item name="sort" label={t('focusSettings.fields.sort')}>
          <InputNumber min={0} max={FOCUS_SETTING_LIMITS.sortMax} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('focusSettings.fields.status')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <Form.Item name="remark" label={t('focusSettings.fields.remark')}>
        <Input.TextArea
          maxLength={FOCUS_SETTING_LIMITS.remark}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </Form.Item>
    </FormDialog>
  );
}
