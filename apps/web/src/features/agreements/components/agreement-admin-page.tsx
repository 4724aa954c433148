import { seededName, seededPath } from '@psy/contracts';
import { EditOutlined, FileExcelOutlined, FileWordOutlined } from '@ant-design/icons';
import { DEFAULT_AGREEMENT_FORM_NAME, FORM_PERMISSIONS, type Lang, hasPermission } from '@psy/contracts';
import { Button, Flex, Form, Input, Select, Spin, Switch, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18next } from '../../../i18n/i18n';
import { Link } from 'react-router';
import { useUserInfo } from '../../auth';
import { FORM_FILL_PATH, loadBoundFormBuilder } from '../../forms';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { ExportButton } from '../../../shared/admin/export-button';
import { FilterForm } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { showToast } from '../../../shared/ui/feedback';
import {
  useAgreementGroups,
  useAgreementList,
  exportAgreements,
  useAgreementSetting,
  useSaveAgreementSetting,
  type AgreementFilter,
  type AgreementRecord,
} from '../api/agreement-admin';
import {
  AGREEMENT_LANGS,
  exportFileName,
  filterOf,
  settingFormOf,
  settingValueOf,
  type AgreementSettingForm,
} from '../lib/agreement-admin';
import styles from './agreement-admin.module.css';

// The form builder on the agreement form (docs/forms.md "Builder"): its own chunk, loaded on demand.
const BoundFormBuilder = lazy(async () => ({ default: await loadBoundFormBuilder() }));

/**
 * `/admin/agreement/index` (spec S0.3.12, S0.4.1, S0.7 'Agreements'): the start-up agreement's switch,
 * the roles that must agree and its text per language; per role how many agreed; the consents with
 * filters, exported as Excel or Word.
 */
export function AgreementAdminPage() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const [editingForm, setEditingForm] = useState(false);
  // The agreement form (purpose 'agreement') is edited in the builder, with admin_form_edit.
  const canEditForm = hasPermission(info.data?.permissions, FORM_PERMISSIONS.edit);
  if (editingForm) {
    return (
      <Suspense fallback={<Spin />}>
        <BoundFormBuilder purpose="agreement" onClose={() => setEditingForm(false)} />
      </Suspense>
    );
  }
  return (
    <Flex vertical gap={16}>
      <AdminPage
        title={t('systemSettings.agreement.title')}
        extra={
          canEditForm ? (
            <Button
              icon={<EditOutlined />}
              onClick={() => setEditingForm(true)}
              data-testid="agreement-edit-form"
            >
              {t('formAdmin.editAgreementForm')}
            </Button>
          ) : null
        }
      >
        <AgreementSettingCard />
      </AdminPage>
      <AdminPage level={2} title={t('systemSettings.agreement.groupsTitle')}>
        <AgreementGroups />
      </AdminPage>
      <AdminPage level={2} title={t('systemSettings.agreement.listTitle')}>
        <AgreementList />
      </AdminPage>
    </Flex>
  );
}

function AgreementSettingCard() {
  const { t } = useTranslation();
  const setting = useAgreementSetting();
  const groups = useAgreementGroups();
  const save = useSaveAgreementSetting();
  if (!setting.data || !groups.data) return <Spin />;
  const initial = settingFormOf(setting.data.enable, setting.data.value);
  const roleOptions = groups.data.groups.map((g) => ({
    value: g.roleId,
    label: seededName(g.roleName, currentLanguage()),
  }));

  const submit = async (values: AgreementSettingForm) => {
    try {
      await save.mutateAsync(settingValueOf(values));
      showToast('success', t('systemSettings.saved'));
    } catch {
      // The request layer showed why.
    }
  };

  return (
    <Form<AgreementSettingForm>
      key={setting.dataUpdatedAt}
      name="agreement-setting"
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      className={styles.form}
    >
      <Form.Item name="enable" label={t('systemSettings.agreement.enable')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="userRoleId"
        label={t('systemSettings.agreement.roles')}
        extra={t('systemSettings.agreement.rolesHint')}
      >
        <Select mode="multiple" options={roleOptions} optionFilterProp="label" allowClear />
      </Form.Item>
      <Form.Item
        name="formName"
        label={t('systemSettings.agreement.formName')}
        extra={t('systemSettings.agreement.formNameHint')}
      >
        <Input maxLength={100} placeholder="startupAgreement" />
      </Form.Item>
      <Tabs
        size="small"
        items={AGREEMENT_LANGS.map((lang: Lang) => ({
          key: lang,
          label: t(`systemSettings.agreement.lang.${lang === 'zh-CN' ? 'zh' : 'en'}`),
          forceRender: true,
          children: (
            <>
              <Form.Item name={['texts', lang, 'title']} label={t('systemSettings.agreement.textTitle')}>
                {/* Each text is edited in its own language, said so (spelling, screen readers). */}
                <Input maxLength={100} lang={lang} />
              </Form.Item>
              <Form.Item
                name={['texts', lang, 'content']}
                label={t('systemSettings.agreement.textContent')}
                extra={t('systemSettings.agreement.contentHint')}
              >
                <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} lang={lang} />
              </Form.Item>
            </>
          ),
        }))}
      />
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('systemSettings.save')}
        </Button>
      </Flex>
    </Form>
  );
}

function AgreementGroups() {
  const { t } = useTranslation();
  const groups = useAgreementGroups();
  type Group = NonNullable<typeof groups.data>['groups'][number];
  const columns: AdminColumn<Group>[] = [
    {
      key: 'roleName',
      title: t('systemSettings.agreement.role'),
      dataIndex: 'roleName',
      render: (name: string, g) => (
        <Flex gap={4} wrap>
          {seededName(name, currentLanguage())}
          {g.targeted && <Tag color="blue">{t('systemSettings.agreement.targeted')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'userCount',
      title: t('systemSettings.agreement.userCount'),
      dataIndex: 'userCount',
      align: 'right',
      width: 110,
    },
    {
      key: 'agreedCount',
      title: t('systemSettings.agreement.agreedCount'),
      dataIndex: 'agreedCount',
      align: 'right',
      width: 110,
    },
    {
      key: 'pendingCount',
      title: t('systemSettings.agreement.pendingCount'),
      dataIndex: 'pendingCount',
      align: 'right',
      width: 110,
    },
  ];
  return (
    <>
      {groups.data && (
        <Typography.Paragraph type="secondary">
          {t('systemSettings.agreement.groupsOf', { name: agreementName(groups.data.formName) })}
        </Typography.Paragraph>
      )}
      <AdminTable<Group>
        rowKey="roleId"
        size="small"
        columns={columns}
        query={{
          data: groups.data?.groups,
          isFetching: groups.isFetching,
          isError: groups.isError,
          refetch: groups.refetch,
        }}
        scrollX={480}
      />
    </>
  );
}

interface FilterValues {
  keyword?: string;
  roleId?: number | null;
  startDate?: string;
  endDate?: string;
}

function AgreementList() {
  const { t, i18n } = useTranslation();
  const groups = useAgreementGroups();
  const list = useAdminList<AgreementFilter>({});
  const page = useAgreementList(list.query);

  const columns: AdminColumn<AgreementRecord>[] = [
    {
      key: 'realName',
      title: t('systemSettings.agreement.realName'),
      dataIndex: 'realName',
      width: 140,
      alwaysShown: true,
    },
    { key: 'username', title: t('systemSettings.agreement.username'), dataIndex: 'username', width: 140 },
    {
      key: 'deptName',
      title: t('systemSettings.agreement.dept'),
      dataIndex: 'deptName',
      width: 160,
      render: (name: string | null) => seededPath(name, currentLanguage()),
    },
    {
      key: 'roleNames',
      title: t('systemSettings.agreement.role'),
      dataIndex: 'roleNames',
      render: (names: string[]) => names.map((n) => seededName(n, currentLanguage())).join(', '),
    },
    {
      key: 'formName',
      title: t('systemSettings.agreement.formName'),
      dataIndex: 'formName',
      width: 200,
      render: (value: string) => agreementName(value),
    },
    {
      key: 'agreedAt',
      title: t('systemSettings.agreement.agreedAt'),
      dataIndex: 'agreedAt',
      width: 180,
      render: (at: string) => formatDateTime(at, i18n.language),
    },
    {
      key: 'formAnswerId',
      title: t('systemSettings.agreement.answer'),
      dataIndex: 'formAnswerId',
      width: 120,
      // The saved agreement form, read-only on the fill page (the server decides who may read it).
      render: (answerId: number | null) =>
        answerId === null ? null : (
          <Link to={`${FORM_FILL_PATH}?answerId=${answerId}`} data-testid="agreement-answer-link">
            {t('systemSettings.agreement.viewAnswer')}
          </Link>
        ),
    },
  ];

  return (
    <>
      <FilterForm<FilterValues>
        name="agreement-filter"
        onSearch={(values) => list.search(filterOf(values))}
        fields={[
          <Form.Item key="keyword" name="keyword" label={t('systemSettings.agreement.keyword')}>
            <Input allowClear maxLength={50} />
          </Form.Item>,
          <Form.Item key="roleId" name="roleId" label={t('systemSettings.agreement.role')}>
            <Select
              allowClear
              className={styles.roleSelect}
              options={(groups.data?.groups ?? []).map((g) => ({
                value: g.roleId,
                label: seededName(g.roleName, currentLanguage()),
              }))}
            />
          </Form.Item>,
          <Form.Item key="startDate" name="startDate" label={t('systemSettings.agreement.from')}>
            <Input type="date" />
          </Form.Item>,
          <Form.Item key="endDate" name="endDate" label={t('systemSettings.agreement.to')}>
            <Input type="date" />
          </Form.Item>,
        ]}
      />
      <AdminTable<AgreementRecord>
        rowKey="id"
        size="small"
        columns={columns}
        query={page}
        list={list}
        columnSettingsId="agreements"
        scrollX={900}
        toolbar={
          <>
            <ExportButton
              icon={<FileExcelOutlined />}
              label={t('systemSettings.agreement.exportXlsx')}
              call={() => exportAgreements('xlsx', list.filter)}
              fileName={exportFileName('xlsx', new Date())}
            />
            <ExportButton
              icon={<FileWordOutlined />}
              label={t('systemSettings.agreement.exportWord')}
              call={() => exportAgreements('docx', list.filter)}
              fileName={exportFileName('docx', new Date())}
            />
          </>
        }
      />
    </>
  );
}

/**
 * An agreement's name as people read it: the default one by its name in the language in use, with its
 * stored name beside it (this page is for administrators); a name a school chose as it typed it.
 */
function agreementName(formName: string): string {
  return formName === DEFAULT_AGREEMENT_FORM_NAME
    ? `${i18next.t('systemSettings.agreement.defaultName')} (${formName})`
    : formName;
}
