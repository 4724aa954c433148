import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { APPROVAL_KINDS, type CrisisSettingSection } from '@psy/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
} from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { fieldIssuesOf } from '../../../shared/api/field-issues';
import { isApiError, isConflict } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import {
  useCrisisSetting,
  useNoticeSettings,
  useSaveCrisisSetting,
  useSaveNoticeSetting,
  type NoticeSetting,
} from '../api/crisis';
import { settingFieldPath } from '../lib/forms';
import { ENUM_VALUES, enumOptions } from '../lib/labels';
import { useCrisisUser, useLabel, When } from './common';
import styles from './crisis.module.css';

const SECTIONS: CrisisSettingSection[] = ['reporting', 'intervention', 'followUp', 'heartTalk', 'approval'];

/**
 * `/crisis/setting/index` (docs/crisis.md 8): the school's crisis settings, a tab per section; the
 * acknowledgement minutes of each ladder level, the help button and hotlines, the monthly due day, order
 * and follow-up days, talks a month, and which steps need approval by whom. Read-only without
 * `crisis_setting_edit`.
 */
export function CrisisSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AdminPage
      title={t('crisis.settings.title')}
      extra={
        <Button onClick={() => void navigate('/focusperson/setting/caseMsgSetDetail')}>
          {t('crisis.settings.notices')}
        </Button>
      }
    >
      <Tabs
        items={SECTIONS.map((section) => ({
          key: section,
          label: t(`crisis.settings.sections.${section}`),
          children: <SectionForm section={section} />,
        }))}
      />
    </AdminPage>
  );
}

function SectionForm({ section }: { section: CrisisSettingSection }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { can } = useCrisisUser();
  const canEdit = can('crisis_setting_edit');
  const setting = useCrisisSetting(section);
  const save = useSaveCrisisSetting();
  const [form] = Form.useForm<Record<string, unknown>>();
  // The version this page last saved at: a second save before the section is read again goes from it,
  // not from the read's older one (which would be refused as if someone else had saved).
  const savedVersion = useRef(0);
  if (setting.isPending) return <Spin />;
  if (!setting.data) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  const read = setting.data;
  const submit = async (value: Record<string, unknown>) => {
    try {
      const answer = await save.mutateAsync({
        section,
        value,
        version: Math.max(read.version, savedVersion.current),
      });
      savedVersion.current = answer.version;
      showToast('success', t('adminKit.saved'));
    } catch (error) {
      const issues = fieldIssuesOf(error);
      if (isConflict(error)) {
        // Saved elsewhere since this page read it: say so and show the section as it now stands.
        showToast('warning', t('crisis.settings.changedElsewhere'));
        const again = await setting.refetch();
        if (again.data) {
          form.resetFields();
          form.setFieldsValue(again.data.value);
        }
      } else if (issues.length)
        form.setFields(issues.map((i) => ({ name: settingFieldPath(i.field), errors: [i.message] })));
      else showToast('error', isApiError(error) ? error.message : t('adminKit.saveFailed'));
    }
  };
  return (
    <Form
      form={form}
      name={`crisis-setting-${section}`}
      layout="vertical"
      disabled={!canEdit}
      initialValues={read.value}
      onFinish={(values) => void submit(values)}
      className={styles.phoneForm}
    >
      {section === 'reporting' && (
        <>
          <Alert type="info" showIcon title={t('crisis.settings.ackHint')} style={{ marginBottom: 12 }} />
          {(['1', '2', '3', '4'] as const).map((level) => (
            <Form.Item
              key={level}
              name={['ackMinutes', level]}
              label={t('crisis.settings.ackMinutes', { level: label('level', level) })}
              rules={[{ required: true }]}
            >
              <InputNumber min={1} max={1440} addonAfter={t('crisis.settings.minutes')} />
            </Form.Item>
          ))}
          <Form.Item
            name="selfHelpEnabled"
            label={t('crisis.settings.selfHelpEnabled')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.List name="hotlines">
            {(fields, { add, remove }) => (
              <Form.Item label={t('crisis.settings.hotlines')}>
                {fields.map((field) => (
                  <Space key={field.key} align="start" wrap>
                    <Form.Item name={[field.name, 'name']} rules={[{ required: true, whitespace: true }]}>
                      <Input
                        placeholder={t('crisis.settings.hotlineName')}
                        aria-label={t('crisis.settings.hotlineName')}
                        maxLength={50}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'phone']} rules={[{ required: true, whitespace: true }]}>
                      <Input
                        placeholder={t('crisis.settings.hotlinePhone')}
                        aria-label={t('crisis.settings.hotlinePhone')}
                        maxLength={20}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={t('crisis.dorm.removeItem')}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ name: '', phone: '' })}>
                  {t('crisis.settings.addHotline')}
                </Button>
              </Form.Item>
            )}
          </Form.List>
          <Form.Item
            name="reportDueDay"
            label={t('crisis.settings.reportDueDay')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} max={28} />
          </Form.Item>
        </>
      )}
      {section === 'intervention' && (
        <Form.Item
          name="defaultDueDays"
          label={t('crisis.settings.defaultDueDays')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} max={60} addonAfter={t('crisis.settings.days')} />
        </Form.Item>
      )}
      {section === 'followUp' && (
        <>
          {(['1', '2', '3'] as const).map((level) => (
            <Form.Item
              key={level}
              name={['followUpDays', level]}
              label={t('crisis.settings.followUpDays', { level: label('collegeLevel', level) })}
              rules={[{ required: true }]}
            >
              <InputNumber min={1} max={365} addonAfter={t('crisis.settings.days')} />
            </Form.Item>
          ))}
          <Form.Item
            name="remindDaysBefore"
            label={t('crisis.settings.remindDaysBefore')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} max={30} addonAfter={t('crisis.settings.days')} />
          </Form.Item>
        </>
      )}
      {section === 'heartTalk' && (
        <Form.Item name="minPerMonth" label={t('crisis.settings.minPerMonth')} rules={[{ required: true }]}>
          <InputNumber min={0} max={100} />
        </Form.Item>
      )}
      {section === 'approval' && (
        <>
          <Form.Item label={t('crisis.settings.steps')}>
            {APPROVAL_KINDS.map((kind) => (
              <Form.Item key={kind} name={['steps', kind]} valuePropName="checked" noStyle>
                <Checkbox style={{ marginRight: 16 }}>{label('approvalKind', kind)}</Checkbox>
              </Form.Item>
            ))}
          </Form.Item>
          <Form.Item name="mode" label={t('crisis.approval.mode')} rules={[{ required: true }]}>
            <Radio.Group options={enumOptions(t, 'approvalMode')} />
          </Form.Item>
          <Form.Item
            name="approverLevels"
            label={t('crisis.settings.approverLevels')}
            rules={[{ required: true }]}
          >
            <Select mode="multiple" options={enumOptions(t, 'level').filter((o) => o.value >= 2)} />
          </Form.Item>
        </>
      )}
      {read.updateTime ? (
        <p className={styles.pre}>
          {t('crisis.settings.updated')} <When value={read.updateTime} />
        </p>
      ) : (
        <p>{t('crisis.settings.defaults')}</p>
      )}
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('crisis.settings.save')}
        </Button>
      )}
    </Form>
  );
}

/**
 * `/focusperson/setting/caseMsgSetDetail`: who each crisis event tells in-app, whether the owners also get
 * an SMS, and whether the event sends at all (an escalation still reaches its new owners).
 */
export function NoticeSettingsPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const { can } = useCrisisUser();
  const canEdit = can('crisis_setting_edit');
  const settings = useNoticeSettings();
  const save = useSaveNoticeSetting();
  // Each save sends the whole row with the version it was read at: it starts from what this page sent last
  // for the event, not from the list as last loaded, and goes after the one before it (with the version
  // that one's answer gave), so a second change made before the first is answered keeps the first. A row
  // saved elsewhere in the meantime is refused (409): the page says so and reads the settings again.
  const sent = useRef(new Map<string, NoticeSetting>());
  const versions = useRef(new Map<string, number>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const forget = (event: string) => {
    sent.current.delete(event);
    versions.current.delete(event);
  };
  const change = (row: NoticeSetting, patch: Partial<NoticeSetting>) => {
    const known = versions.current.get(row.event);
    // The list shows a newer row (read again after another's save): the change starts from it.
    if (known === undefined || row.version > known) {
      forget(row.event);
      versions.current.set(row.event, row.version);
    }
    const next = { ...(sent.current.get(row.event) ?? row), ...patch };
    sent.current.set(row.event, next);
    const saved = queue.current.then(() =>
      save
        .mutateAsync({
          event: next.event as NoticeSetting['event'],
          parties: next.parties,
          sms: next.sms,
          enabled: next.enabled,
          version: versions.current.get(row.event) ?? row.version,
        })
        .then((answer) => {
          versions.current.set(row.event, answer.version);
          showToast('success', t('adminKit.saved'));
        })
        .catch((error: unknown) => {
          // Not saved: the next change starts from the list again, read again here.
          forget(row.event);
          if (isConflict(error)) {
            showToast('warning', t('crisis.settings.changedElsewhere'));
          } else if (isApiError(error)) showToast('error', error.message);
          void settings.refetch();
        }),
    );
    queue.current = saved;
    return saved;
  };
  return (
    <AdminPage title={t('crisis.settings.noticesTitle')} intro={t('crisis.settings.noticesIntro')}>
      <Table<NoticeSetting>
        rowKey="event"
        loading={settings.isPending}
        dataSource={settings.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          {
            key: 'event',
            title: t('crisis.settings.event'),
            render: (_, row) => label('noticeEvent', row.event),
          },
          {
            key: 'parties',
            title: t('crisis.settings.parties'),
            render: (_, row) => (
              <Checkbox.Group
                disabled={!canEdit}
                value={row.parties}
                options={ENUM_VALUES.noticeParty.map((p) => ({ value: p, label: label('noticeParty', p) }))}
                onChange={(parties) => void change(row, { parties: parties as NoticeSetting['parties'] })}
              />
            ),
          },
          {
            key: 'sms',
            title: t('crisis.settings.sms'),
            render: (_, row) => (
              <Switch
                disabled={!canEdit}
                checked={row.sms}
                aria-label={`${t('crisis.settings.sms')} ${label('noticeEvent', row.event)}`}
                onChange={(sms) => void change(row, { sms })}
              />
            ),
          },
          {
            key: 'enabled',
            title: t('crisis.settings.enabled'),
            render: (_, row) => (
              <Switch
                disabled={!canEdit}
                checked={row.enabled}
                aria-label={`${t('crisis.settings.enabled')} ${label('noticeEvent', row.event)}`}
                onChange={(enabled) => void change(row, { enabled })}
              />
            ),
          },
        ]}
      />
    </AdminPage>
  );
}
