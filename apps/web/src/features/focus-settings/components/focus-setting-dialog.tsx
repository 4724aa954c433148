import { FOCUS_SETTING_LIMITS, type FocusSettingType } from '@psy/contracts';
import { Button, Flex, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { fieldIssuesOf, issuesByField } from '../../../shared/api/field-issues';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
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

/** The form's field a server field is shown on (`status` is the switch). */
const FORM_FIELD_OF: Record<(typeof FOCUS_SETTING_FORM_FIELDS)[number], keyof FocusSettingFormValues> = {
  name: 'name',
  nameEn: 'nameEn',
  status: 'enabled',
  sort: 'sort',
  remark: 'remark',
};

/**
 * Adds an entry to a list or edits one. The server judges the names (unique in the type); its 400 lands
 * on the field it names.
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
  const [form] = Form.useForm<FocusSettingFormValues>();
  const add = useAddFocusSetting();
  const edit = useEditFocusSetting();

  const submit = async (values: FocusSettingFormValues) => {
    try {
      if (entry) {
        const body = editBody(entry, values);
        if (body) await edit.mutateAsync(body);
        showToast('success', t('focusSettings.saved'));
      } else {
        await add.mutateAsync(insertBody(type, values));
        showToast('success', t('focusSettings.created'));
      }
      onClose();
    } catch (error) {
      const { byField, other } = issuesByField(fieldIssuesOf(error), FOCUS_SETTING_FORM_FIELDS);
      const fields = Object.entries(byField) as [(typeof FOCUS_SETTING_FORM_FIELDS)[number], string[]][];
      if (fields.length)
        form.setFields(fields.map(([name, errors]) => ({ name: FORM_FIELD_OF[name], errors })));
      if (!fields.length || other.length) {
        showToast('error', isApiError(error) ? error.message : t('focusSettings.saveFailed'));
      }
    }
  };

  return (
    <Modal
      open
      width={{ xs: '100%', md: 640 }}
      title={
        entry
          ? t('focusSettings.dialogEditTitle', { name: entryLabel(entry, currentLanguage()) })
          : t('focusSettings.dialogAddTitle', { type: typeName })
      }
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<FocusSettingFormValues>
        form={form}
        name="focus-setting-form"
        layout="vertical"
        autoComplete="off"
        initialValues={focusSettingFormValues(entry, shown)}
        // A server error belongs to the value it was given for: editing the field clears it.
        onValuesChange={(changed: Partial<FocusSettingFormValues>) =>
          form.setFields(
            (Object.keys(changed) as (keyof FocusSettingFormValues)[]).map((name) => ({ name, errors: [] })),
          )
        }
        onFinish={(values) => void submit(values)}
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
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={add.isPending || edit.isPending}>
            {t('common.confirm')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
