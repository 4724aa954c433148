import { WORKFORCE_CATEGORY_DICT } from '@psy/contracts';
import { Button, Checkbox, Empty, Flex, Form, Spin, Switch, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clearEditedErrors, showServerErrors } from '../../../shared/admin/form-dialog';
import { showToast } from '../../../shared/ui/feedback';
import { useDictItems } from '../api/dicts';
import { useSaveWorkforce, useWorkforce } from '../api/workforce';
import {
  WORKFORCE_FORM_FIELDS,
  workforceCategoryOptions,
  workforceFormValues,
  type WorkforceFormValues,
} from '../lib/workforce';

/**
 * The service categories a counsellor works and whether they take new visitors (spec S1.7.12
 * workForTeacher; docs/workforce.md): the free-counsellor lists of forms and scheduling come from it.
 * Shown on the user details page to holders of `consult_workforce_edit`; a 400 lands on its field.
 */
export function WorkforceCard({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<WorkforceFormValues>();
  const workforce = useWorkforce(userId, true);
  const dict = useDictItems(WORKFORCE_CATEGORY_DICT);
  const save = useSaveWorkforce();
  const withServerErrors = useRef(new Set<string>());
  const options = useMemo(
    () => workforceCategoryOptions(dict.data ?? [], i18n.language, t('workforce.singleSession')),
    [dict.data, i18n.language, t],
  );

  useEffect(() => {
    if (workforce.data && dict.data) form.setFieldsValue(workforceFormValues(workforce.data, options));
  }, [workforce.data, dict.data, options, form]);

  if (workforce.isLoading || dict.isLoading) return <Spin />;
  if (workforce.isError || dict.isError) return <Empty description={t('workforce.unavailable')} />;

  const submit = async (values: WorkforceFormValues) => {
    try {
      await save.mutateAsync({ userId, categoryIds: values.categoryIds, accepting: values.accepting });
      showToast('success', t('workforce.saved'));
    } catch (error) {
      const placed = showServerErrors(form, error, WORKFORCE_FORM_FIELDS, {
        fallback: t('workforce.saveFailed'),
      });
      for (const field of placed) withServerErrors.current.add(String(field));
    }
  };

  return (
    <Form<WorkforceFormValues>
      form={form}
      name="workforce-form"
      layout="vertical"
      initialValues={{ categoryIds: [], accepting: true }}
      onValuesChange={(changed: Partial<WorkforceFormValues>) =>
        clearEditedErrors(form, changed, withServerErrors.current)
      }
      onFinish={(values) => void submit(values)}
    >
      <Typography.Paragraph type="secondary">{t('workforce.hint')}</Typography.Paragraph>
      <Form.Item name="categoryIds" label={t('workforce.categories')}>
        <Checkbox.Group options={options} />
      </Form.Item>
      <Form.Item
        name="accepting"
        label={t('workforce.accepting')}
        valuePropName="checked"
        extra={t('workforce.acceptingHint')}
      >
        <Switch />
      </Form.Item>
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('workforce.save')}
        </Button>
      </Flex>
    </Form>
  );
}
