import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { TIME_SLOT_TYPES, WEEKDAYS, type SettingCode, type SettingState } from '@psy/contracts';
import {
  Button,
  Card,
  Checkbox,
  ColorPicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useSaveSetting } from '../api/settings';
import {
  SETTING_FORMS,
  checkSettingValue,
  formValuesOf,
  halfHourTimes,
  newListRow,
  settingInputOf,
  type ListColumn,
  type SettingField,
} from '../lib/setting-forms';
import styles from './settings.module.css';

const TIMES = halfHourTimes().map((time) => ({ value: time, label: time }));

/** One setting code: its switch and the fields of its payload, saved on its own. */
export function SettingCard({ state }: { state: SettingState }) {
  const { t } = useTranslation();
  const code = state.type as SettingCode;
  const [form] = Form.useForm<Record<string, unknown>>();
  const save = useSaveSetting();
  const initialValues = useMemo(() => formValuesOf(state), [state]);
  const fields = SETTING_FORMS[code]?.fields ?? [];
  const title = t(
    `systemSettings.settings.codes.${code}.title` as 'systemSettings.settings.codes.zxyyms.title',
  );
  const hint = t(`systemSettings.settings.codes.${code}.hint` as 'systemSettings.settings.codes.zxyyms.hint');

  const submit = async (values: Record<string, unknown>) => {
    const input = settingInputOf(code, values);
    const issues = checkSettingValue(code, input.value);
    if (issues.length) {
      form.setFields(
        issues.map((i) => ({
          name: i.path.length ? i.path : [fields[0]?.key ?? 'enable'],
          errors: [i.message],
        })),
      );
      return;
    }
    try {
      await save.mutateAsync(input);
      showToast('success', t('systemSettings.saved'));
    } catch {
      // The request layer showed why.
    }
  };

  return (
    <Card size="small" className={styles.settingCard} data-setting={code}>
      <Form
        form={form}
        name={`setting-${code}`}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
      >
        <Flex justify="space-between" align="start" gap={12} wrap>
          <div className={styles.settingHead}>
            <Typography.Text strong>{title}</Typography.Text>
            <Typography.Text type="secondary" className={styles.code}>
              {code}
            </Typography.Text>
            <Typography.Paragraph type="secondary" className={styles.hint}>
              {hint}
            </Typography.Paragraph>
          </div>
          <Form.Item name="enable" valuePropName="checked" noStyle>
            <Switch aria-label={t('systemSettings.settings.enableNamed', { name: title })} />
          </Form.Item>
        </Flex>
        {fields.map((f) => (
          <SettingFieldItem key={f.key} code={code} field={f} />
        ))}
        <Flex justify="end">
          <Button type="primary" size="small" htmlType="submit" loading={save.isPending}>
            {t('systemSettings.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

function SettingFieldItem({ code, field }: { code: SettingCode; field: SettingField }) {
  const { t } = useTranslation();
  const label = t(
    `systemSettings.settings.fields.${field.key}` as 'systemSettings.settings.fields.assessMode',
  );
  switch (field.kind) {
    case 'switch':
      return (
        <Form.Item name={field.key} label={label} valuePropName="checked">
          <Switch />
        </Form.Item>
      );
    case 'choice':
      return (
        <Form.Item name={field.key} label={label}>
          <Radio.Group
            options={field.options.map((o) => ({
              value: o,
              label: t(
                `systemSettings.settings.options.${code}.${field.key}.${o}` as 'systemSettings.settings.options.zxyyms.assessMode.0',
              ),
            }))}
          />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item name={field.key} label={label}>
          <InputNumber min={field.min} max={field.max} precision={0} />
        </Form.Item>
      );
    case 'time':
      return (
        <Form.Item name={field.key} label={label}>
          <Select options={TIMES} className={styles.timeSelect} showSearch />
        </Form.Item>
      );
    case 'checkboxes':
      return (
        <Form.Item name={field.key} label={label}>
          <Checkbox.Group
            options={field.options.map((o) => ({
              value: o,
              label: t(
                `systemSettings.settings.options.${code}.${field.key}.${o}` as 'systemSettings.settings.options.ddxssz.supervisionForms.1',
              ),
            }))}
          />
        </Form.Item>
      );
    case 'ids':
      return (
        <Form.Item name={field.key} label={label} extra={t('systemSettings.settings.idsHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
        </Form.Item>
      );
    case 'text':
      return (
        <Form.Item name={field.key} label={label}>
          <Input maxLength={field.max} />
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item name={field.key} label={label}>
          <Input.TextArea maxLength={field.max} autoSize={{ minRows: 4, maxRows: 16 }} />
        </Form.Item>
      );
    case 'list':
      return <SettingListField name={field.key} label={label} columns={field.columns} />;
  }
}

function SettingListField({
  name,
  label,
  columns,
}: {
  name: string;
  label: string;
  columns: readonly ListColumn[];
}) {
  const { t } = useTranslation();
  const columnLabel = (c: ListColumn) => t(`systemSettings.settings.columns.${c}`);
  return (
    <Form.Item label={label} className={styles.listField}>
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <Flex vertical gap={8}>
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} wrap align="center" className={styles.listRow}>
                {columns.map((c) => (
                  <Form.Item
                    key={c}
                    name={[row.name, c]}
                    noStyle={false}
                    className={styles.listCell}
                    valuePropName={c === 'enable' ? 'checked' : 'value'}
                    getValueFromEvent={
                      c === 'color'
                        ? (color: { toHexString(): string } | null) => color?.toHexString()
                        : undefined
                    }
                  >
                    {c === 'enable' ? (
                      <Switch size="small" aria-label={`${columnLabel(c)} ${index + 1}`} />
                    ) : c === 'color' ? (
                      <ColorPicker
                        allowClear
                        format="hex"
                        disabledAlpha
                        aria-label={`${columnLabel(c)} ${index + 1}`}
                      />
                    ) : c === 'startTime' || c === 'endTime' ? (
                      <Select
                        options={TIMES}
                        showSearch
                        placeholder={columnLabel(c)}
                        aria-label={`${columnLabel(c)} ${index + 1}`}
                        className={styles.slotTime}
                      />
                    ) : c === 'week' || c === 'type' ? (
                      <Select
                        options={(c === 'week' ? WEEKDAYS : TIME_SLOT_TYPES).map((v) => ({
                          value: v,
                          label: t(
                            `systemSettings.settings.${c === 'week' ? 'weekdays' : 'slotTypes'}.${v}` as 'systemSettings.settings.weekdays.1',
                          ),
                        }))}
                        placeholder={columnLabel(c)}
                        aria-label={`${columnLabel(c)} ${index + 1}`}
                        className={styles.choiceSelect}
                      />
                    ) : c === 'level' || c === 'star' ? (
                      <InputNumber
                        min={c === 'level' ? 1 : 0}
                        max={c === 'level' ? 10 : 5}
                        precision={0}
                        placeholder={columnLabel(c)}
                        aria-label={`${columnLabel(c)} ${index + 1}`}
                      />
                    ) : (
                      <Input
                        placeholder={columnLabel(c)}
                        aria-label={`${columnLabel(c)} ${index + 1}`}
                        maxLength={c === 'id' ? 40 : 50}
                        className={c === 'id' ? styles.idInput : styles.textInput}
                      />
                    )}
                  </Form.Item>
                ))}
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('systemSettings.settings.removeRow', { n: index + 1 })}
                  onClick={() => remove(row.name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add(newListRow(columns, rows.length))}
            >
              {t('systemSettings.settings.addRow')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
