import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '../../../shared/admin/form-dialog';
import { shownName } from '../../../shared/lib/seeded-names';
import { showToast } from '../../../shared/ui/feedback';
import type { Dormitory } from '../api/crisis';
import { useSaveDormReport } from '../api/focus';
import { trackDateBounds } from '../lib/forms';
import styles from './crisis.module.css';

interface Values {
  dormitoryId: number;
  reportDate: string;
  nothingAbnormal: boolean;
  items?: { studentId?: number; note?: string; risk?: boolean }[];
}

/**
 * A dormitory leader's report for a day (phone first): "nothing abnormal", or a note per member, each
 * possibly at risk (an item at risk raises a signal at once).
 */
export function DormReportForm({
  dormitories,
  onDone,
}: {
  dormitories: readonly Dormitory[];
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveDormReport();
  const bounds = trackDateBounds();
  const dormitoryId = Form.useWatch('dormitoryId', form);
  const nothingAbnormal = Form.useWatch('nothingAbnormal', form);
  const members = dormitories.find((d) => d.id === dormitoryId)?.members ?? [];
  return (
    <Form<Values>
      form={form}
      name="dorm-report"
      layout="vertical"
      className={styles.phoneForm}
      initialValues={{
        dormitoryId: dormitories[0]?.id,
        reportDate: bounds.max,
        nothingAbnormal: true,
        items: [],
      }}
      onFinish={(values) =>
        save
          .mutateAsync({
            dormitoryId: values.dormitoryId,
            reportDate: values.reportDate,
            nothingAbnormal: values.nothingAbnormal,
            items: values.nothingAbnormal
              ? []
              : (values.items ?? []).map((item) => ({
                  studentId: item.studentId ?? 0,
                  note: (item.note ?? '').trim(),
                  risk: item.risk === true,
                })),
          })
          .then(
            (report) => {
              const raised = report.items.filter((i) => i.recordId !== null).length;
              showToast(
                'success',
                raised > 0 ? t('crisis.dorm.sentRaised', { count: raised }) : t('crisis.dorm.sent'),
              );
              form.resetFields();
              onDone?.();
            },
            (error: unknown) =>
              showServerErrors(form, error, ['dormitoryId', 'reportDate', 'nothingAbnormal', 'items'], {
                fallback: t('adminKit.saveFailed'),
              }),
          )
      }
    >
      <Form.Item name="dormitoryId" label={t('crisis.dorm.dormitory')} rules={[{ required: true }]}>
        <Select options={dormitories.map((d) => ({ value: d.id, label: shownName(d.name) }))} />
      </Form.Item>
      <Form.Item name="reportDate" label={t('crisis.dorm.reportDate')} rules={[{ required: true }]}>
        <Input type="date" min={bounds.min} max={bounds.max} />
      </Form.Item>
      <Form.Item name="nothingAbnormal" label={t('crisis.dorm.nothingAbnormal')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {nothingAbnormal === false && (
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap style={{ width: '100%' }}>
                  <Form.Item
                    name={[field.name, 'studentId']}
                    label={t('crisis.fields.student')}
                    rules={[{ required: true }]}
                  >
                    <Select
                      style={{ minWidth: 140 }}
                      options={members.map((m) => ({ value: m.id, label: m.realName }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'note']}
                    label={t('crisis.fields.note')}
                    rules={[{ required: true, whitespace: true }]}
                  >
                    <Input maxLength={200} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'risk']}
                    label={t('crisis.dorm.risk')}
                    valuePropName="checked"
                  >
                    <Checkbox />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('crisis.dorm.removeItem')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ risk: false })}
                block
                style={{ marginBottom: 16 }}
              >
                {t('crisis.dorm.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={save.isPending}>
        {t('crisis.dorm.submit')}
      </Button>
    </Form>
  );
}
