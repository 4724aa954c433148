import {
  APPROVAL_OPTIONS,
  hasPermission,
  seededName,
  seededPath,
  SLOT_CATEGORIES,
  type BookingSite,
  type SchedulingPolicy,
} from '@psy/contracts';
import {
  Alert,
  Button,
  Card,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Spin,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { showServerErrors } from '../../../shared/admin/form-dialog';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { showToast } from '../../../shared/ui/feedback';
import { approvalOptionLabel, usePolicy } from '../../appointments';
import { useUserInfo } from '../../auth';
import { deptOptions, useDeptTree } from '../../profile';
import {
  useApproverCandidates,
  useOverrideBlock,
  useSavePolicy,
  useSaveSiteProfile,
  useSites,
  useVisitorChoices,
} from '../api/scheduling';
import { APPOINTMENT_SETTING_CODES, POLICY_NUMBERS } from '../lib/policy-form';
import styles from './scheduling.module.css';

/**
 * `/appointment/settings/index` (S1.7.3, docs/appointments.md section 1): the booking rules (window,
 * deadline, limits per term, reminders, waiting list), who approves what and how (S1.4.5 audit modes),
 * each site's booking profile (the notice shown once per user, the departments it serves, the categories
 * it offers), the school's appointment setting codes explained in plain words, and lifting a visitor's
 * no-show block (logged).
 */
export function AppointmentSettingsPage() {
  const { t } = useTranslation();
  const permissions = useUserInfo().data?.permissions;
  const canEdit = hasPermission(permissions, 'consult_policy_edit');
  const canOverride = hasPermission(permissions, 'consult_booking_override');
  const policy = usePolicy();
  return (
    <AdminPage title={t('scheduling.settings.title')} intro={t('scheduling.settings.intro')}>
      {policy.isLoading || !policy.data ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          <PolicyForm policy={policy.data.policy} canEdit={canEdit} />
          {canEdit && <SiteProfiles />}
          {canOverride && <OverrideCard />}
          <SettingCodes />
        </Flex>
      )}
    </AdminPage>
  );
}

function PolicyForm({ policy, canEdit }: { policy: SchedulingPolicy; canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<SchedulingPolicy>();
  const save = useSavePolicy();
  // Every holder of the approving permission, not only counsellors: a centre's approver is often its
  // director or an administrator who does not counsel.
  const candidates = useApproverCandidates();
  const approverOptions = (candidates.data ?? []).map((c) => ({
    value: c.id,
    label: [
      c.realName,
      c.deptName ? ` · ${seededPath(c.deptName, lang)}` : '',
      c.holdsApprove ? '' : ` (${t('scheduling.settings.approverLacksPermission')})`,
    ].join(''),
  }));
  const submit = async (values: SchedulingPolicy) => {
    try {
      await save.mutateAsync({
        ...policy,
        ...values,
        approvals: { ...policy.approvals, ...values.approvals },
      });
      showToast('success', t('adminKit.saved'));
    } catch (error) {
      showServerErrors(form, error, ['timeZone', ...POLICY_NUMBERS], { fallback: t('adminKit.saveFailed') });
    }
  };
  return (
    <Form<SchedulingPolicy>
      form={form}
      name="policy"
      layout="vertical"
      className={styles.rulesForm}
      initialValues={policy}
      disabled={!canEdit}
      onFinish={(v) => void submit(v)}
    >
      <Form.Item
        name="timeZone"
        label={t('scheduling.settings.fields.timeZone')}
        extra={t('scheduling.settings.help.timeZone')}
      >
        <Input maxLength={60} />
      </Form.Item>
      {POLICY_NUMBERS.map((key) => (
        <Form.Item
          key={key}
          name={key}
          label={t(`scheduling.settings.fields.${key}`)}
          extra={t(`scheduling.settings.help.${key}`)}
        >
          <InputNumber min={0} />
        </Form.Item>
      ))}
      <Form.Item
        name="smsReminders"
        label={t('scheduling.settings.fields.smsReminders')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="peerTalkEnabled"
        label={t('scheduling.settings.fields.peerTalkEnabled')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Divider titlePlacement="start">{t('scheduling.settings.approvals')}</Divider>
      <Typography.Paragraph type="secondary">
        {t('scheduling.settings.approvalsHelp')} {t('scheduling.settings.approversHelp')}
      </Typography.Paragraph>
      {APPROVAL_OPTIONS.map((option) => (
        <Card key={option} size="small" title={approvalOptionLabel(option, lang)}>
          <Flex gap={16} wrap>
            <Form.Item
              name={['approvals', String(option), 'required']}
              label={t('scheduling.settings.required')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item name={['approvals', String(option), 'mode']} label={t('scheduling.settings.mode')}>
              <Select
                className={styles.toolbarSelect}
                options={[1, 2, 3].map((m) => ({
                  value: m,
                  label: t(`scheduling.approvals.modes.${m as 1 | 2 | 3}`),
                }))}
              />
            </Form.Item>
            <Form.Item
              name={['approvals', String(option), 'approverIds']}
              label={t('scheduling.settings.approvers')}
            >
              <Select
                mode="multiple"
                className={styles.toolbarSelect}
                placeholder={t('scheduling.settings.anyApprover')}
                loading={candidates.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={approverOptions}
              />
            </Form.Item>
            <Form.Item
              name={['approvals', String(option), 'counsellorFirst']}
              label={t('scheduling.settings.counsellorFirst')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Flex>
        </Card>
      ))}
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={save.isPending} className={styles.calendar}>
          {t('scheduling.settings.save')}
        </Button>
      )}
    </Form>
  );
}

interface SiteProfileValues {
  notice: string;
  deptIds: number[];
  categories: number[];
}

/**
 * Per site: the notice a visitor sees once before booking there (a changed text is shown again), the
 * departments it serves and the categories it offers (empty: everyone, all).
 */
function SiteProfiles() {
  const { t } = useTranslation();
  const sites = useSites();
  const [siteId, setSiteId] = useState<number | undefined>();
  const site = sites.data?.find((s) => s.id === siteId);
  return (
    <Card size="small" title={t('scheduling.settings.sites.title')} data-testid="site-profiles">
      <Typography.Paragraph type="secondary">{t('scheduling.settings.sites.help')}</Typography.Paragraph>
      <Select
        className={styles.toolbarSelect}
        placeholder={t('scheduling.settings.sites.choose')}
        aria-label={t('scheduling.settings.sites.choose')}
        value={siteId}
        onChange={setSiteId}
        options={(sites.data ?? []).map((s) => ({
          value: s.id,
          label: seededName(s.name, currentLanguage()),
        }))}
      />
      {site && <SiteProfileForm key={`${site.id}-${site.noticeVersion}`} site={site} />}
    </Card>
  );
}

function SiteProfileForm({ site }: { site: BookingSite }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteProfileValues>();
  const depts = useDeptTree(true);
  const save = useSaveSiteProfile();
  return (
    <Form<SiteProfileValues>
      form={form}
      name="site-profile"
      layout="vertical"
      className={styles.rulesForm}
      initialValues={{ notice: site.notice ?? '', deptIds: site.deptIds, categories: site.categories }}
      onFinish={(v) =>
        save
          .mutateAsync({
            siteId: site.id,
            notice: v.notice.trim() || null,
            deptIds: v.deptIds,
            categories: v.categories,
          })
          .then(
            () => showToast('success', t('adminKit.saved')),
            (error: unknown) =>
              showServerErrors(form, error, ['notice', 'deptIds', 'categories'], {
                fallback: t('adminKit.saveFailed'),
              }),
          )
      }
    >
      <Form.Item
        name="notice"
        label={t('scheduling.settings.sites.notice')}
        extra={t('scheduling.settings.sites.noticeHelp')}
      >
        <Input.TextArea maxLength={2000} rows={4} />
      </Form.Item>
      <Form.Item
        name="deptIds"
        label={t('scheduling.settings.sites.depts')}
        extra={t('scheduling.settings.sites.deptsHelp')}
      >
        <TreeSelect
          multiple
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          treeData={deptOptions(depts.data ?? [])}
          loading={depts.isLoading}
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={t('scheduling.settings.sites.everyone')}
        />
      </Form.Item>
      <Form.Item
        name="categories"
        label={t('scheduling.settings.sites.categories')}
        extra={t('scheduling.settings.sites.categoriesHelp')}
      >
        <Select
          mode="multiple"
          placeholder={t('scheduling.settings.sites.allCategories')}
          options={SLOT_CATEGORIES.map((n) => ({
            value: n,
            label: t('scheduling.schedule.categoryN', { n }),
          }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('scheduling.settings.sites.save')}
      </Button>
    </Form>
  );
}

function OverrideCard() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const visitors = useVisitorChoices(useDebouncedValue(keyword, 300));
  const override = useOverrideBlock();
  const [form] = Form.useForm<{ visitorId: number; reason: string }>();
  return (
    <Card size="small" title={t('scheduling.settings.override')}>
      <Typography.Paragraph type="secondary">{t('scheduling.settings.overrideHelp')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        name="override"
        onFinish={(v) =>
          override.mutateAsync(v).then(
            () => {
              showToast('success', t('scheduling.settings.overridden'));
              form.resetFields();
            },
            (error: unknown) =>
              showServerErrors(form, error, ['visitorId', 'reason'], { fallback: t('adminKit.saveFailed') }),
          )
        }
      >
        <Form.Item name="visitorId" label={t('scheduling.book.visitor')} rules={[{ required: true }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            className={styles.toolbarSelect}
            options={(visitors.data?.records ?? []).map((v) => ({
              value: v.visitorId,
              label: v.visitorName,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('scheduling.settings.reason')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Button htmlType="submit" loading={override.isPending}>
          {t('scheduling.settings.overrideSubmit')}
        </Button>
      </Form>
    </Card>
  );
}

function SettingCodes() {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('scheduling.settings.codesTitle')}>
      <Alert type="info" showIcon title={t('scheduling.settings.codesIntro')} />
      <dl>
        {APPOINTMENT_SETTING_CODES.map((code) => (
          <div key={code}>
            <dt>
              <Typography.Text strong>{t(`scheduling.settings.codes.${code}.title`)}</Typography.Text>{' '}
              <Typography.Text code>{code}</Typography.Text>
            </dt>
            <dd>{t(`scheduling.settings.codes.${code}.text`)}</dd>
          </div>
        ))}
      </dl>
      <a href="/admin/setting/index">{t('scheduling.settings.codesLink')}</a>
    </Card>
  );
}
