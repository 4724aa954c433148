import { SSO_PROVIDER_EDIT_PERMISSION, hasPermission, seededName, type SsoProvider } from '@psy/contracts';
import { App, Button, Form, Input, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { RowButton } from '../../../shared/admin/row-button';
import { currentLanguage } from '../../../i18n/i18n';
import { useUserInfo } from '../../auth';
import { DeptPicker } from '../../depts';
import { useRoleOptions, useUserTypeOptions } from '../../users';
import {
  useDeleteSsoProvider,
  useSaveSsoProvider,
  useSsoProviders,
  useTestSsoProvider,
} from '../api/sso-admin';
import {
  KIND_FIELDS,
  providerFormValues,
  providerSaveBody,
  type ProviderFormValues,
} from '../lib/provider-form';
import { SsoLinksDialog } from './sso-links-dialog';

/** `/admin/sso/index`: the school's identity providers, with "test connection" (docs/sso.md). */
export function SsoAdminPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canEdit = hasPermission(useUserInfo().data?.permissions, SSO_PROVIDER_EDIT_PERMISSION);
  const providers = useSsoProviders();
  const remove = useDeleteSsoProvider();
  const test = useTestSsoProvider();
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<{ provider: SsoProvider | null } | null>(null);
  const [linking, setLinking] = useState<SsoProvider | null>(null);

  const runTest = async (provider: SsoProvider) => {
    const result = await test.mutateAsync(provider.id);
    const text = t(result.ok ? 'ssoAdmin.testOk' : 'ssoAdmin.testFailed', { message: result.message });
    if (result.ok) void message.success(text);
    else void message.error(text);
  };

  const columns: AdminColumn<SsoProvider>[] = [
    { key: 'name', title: t('ssoAdmin.fields.name'), dataIndex: 'name', alwaysShown: true },
    { key: 'code', title: t('ssoAdmin.fields.code'), dataIndex: 'code' },
    { key: 'kind', title: t('ssoAdmin.fields.kind'), render: (_, p) => t(`ssoAdmin.kinds.${p.kind}`) },
    {
      key: 'linkBy',
      title: t('ssoAdmin.fields.linkBy'),
      render: (_, p) => t(`ssoAdmin.linkRules.${p.linkBy}`),
    },
    {
      key: 'enabled',
      title: t('ssoAdmin.fields.enabled'),
      render: (_, p) => (
        <Tag color={p.enabled ? 'green' : 'default'}>{p.enabled ? t('ssoAdmin.on') : t('ssoAdmin.off')}</Tag>
      ),
    },
    {
      key: 'actions',
      title: t('ssoAdmin.actions'),
      alwaysShown: true,
      render: (_, p) => (
        <>
          {p.linkBy === 'link' && (
            <RowButton
              label={t('ssoAdmin.links.open')}
              ariaLabel={`${t('ssoAdmin.links.open')} ${p.name}`}
              onClick={() => setLinking(p)}
            />
          )}
          {canEdit && (
            <>
              <RowButton
                label={t('ssoAdmin.test')}
                ariaLabel={`${t('ssoAdmin.test')} ${p.name}`}
                onClick={() => void runTest(p)}
              />
              <RowButton
                label={t('ssoAdmin.edit')}
                ariaLabel={`${t('ssoAdmin.edit')} ${p.name}`}
                onClick={() => setEditing({ provider: p })}
              />
              <RowButton
                isDanger
                label={t('ssoAdmin.delete')}
                ariaLabel={`${t('ssoAdmin.delete')} ${p.name}`}
                onClick={() =>
                  confirm({
                    title: t('ssoAdmin.confirmDelete', { name: p.name }),
                    isDanger: true,
                    action: () => remove.mutateAsync(p.id),
                    successText: t('adminKit.deleted'),
                  })
                }
              />
            </>
          )}
        </>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('ssoAdmin.title')}
      intro={t('ssoAdmin.intro')}
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setEditing({ provider: null })}>
            {t('ssoAdmin.add')}
          </Button>
        )
      }
    >
      <AdminTable<SsoProvider> rowKey="id" columns={columns} query={providers} testId="sso-providers" />
      {editing && <ProviderDialog provider={editing.provider} onClose={() => setEditing(null)} />}
      {linking && <SsoLinksDialog provider={linking} canEdit={canEdit} onClose={() => setLinking(null)} />}
    </AdminPage>
  );
}

const SERVER_FIELDS = [
  'code',
  'name',
  'nameEn',
  'redirectUris',
  'linkBy',
  'subjectClaim',
  'secret',
  'config.serverUrl',
  'config.logoutUrl',
  'config.issuer',
  'config.clientId',
  'config.corpId',
  'config.agentId',
  'config.apiBase',
  'config.oauthBase',
  'config.inAppBase',
  'registration.userTypeCode',
  'registration.roleCode',
  'registration.deptId',
  'registration.nameClaim',
  'registration.numberClaim',
];

function ProviderDialog({ provider, onClose }: { provider: SsoProvider | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSsoProvider();
  const [form] = Form.useForm<ProviderFormValues>();
  const kind = Form.useWatch('kind', form) ?? provider?.kind ?? 'cas';
  const registers = Form.useWatch('registerEnabled', form) ?? provider?.registration?.enabled ?? false;
  const shows = (field: keyof ProviderFormValues) => KIND_FIELDS[kind].includes(field);
  // The pickers of the user form, loaded when self-registration is on; they store the codes (and the
  // department id) the server checks.
  const roles = useRoleOptions(registers);
  const types = useUserTypeOptions(registers);
  const lang = currentLanguage();
  const text = (
    name: Exclude<keyof ProviderFormValues, 'registerDeptId' | 'hadRegistration'>,
    required = false,
    extra?: string,
  ) => (
    <Form.Item
      name={name}
      label={t(`ssoAdmin.fields.${name}`)}
      extra={extra}
      rules={required ? [{ required: true, whitespace: true, message: t('ssoAdmin.required') }] : []}
    >
      <Input maxLength={500} />
    </Form.Item>
  );
  return (
    <FormDialog<ProviderFormValues>
      width={{ xs: '100%', md: 680 }}
      form={form}
      title={provider ? t('ssoAdmin.editTitle', { name: provider.name }) : t('ssoAdmin.add')}
      name="sso-provider-form"
      initialValues={providerFormValues(provider, window.location.origin)}
      serverFields={SERVER_FIELDS}
      fieldOf={{
        'config.serverUrl': 'serverUrl',
        'config.issuer': 'issuer',
        'config.clientId': 'clientId',
        'config.logoutUrl': 'logoutUrl',
        'config.corpId': 'corpId',
        'config.agentId': 'agentId',
        'config.apiBase': 'apiBase',
        'config.oauthBase': 'oauthBase',
        'config.inAppBase': 'inAppBase',
        'registration.userTypeCode': 'registerUserTypeCode',
        'registration.roleCode': 'registerRoleCode',
        'registration.deptId': 'registerDeptId',
        'registration.nameClaim': 'registerNameClaim',
        'registration.numberClaim': 'registerNumberClaim',
      }}
      successText={t('adminKit.saved')}
      onSubmit={(values) => save.mutateAsync(providerSaveBody(values, provider?.id))}
      onClose={onClose}
    >
      <Form.Item name="kind" label={t('ssoAdmin.fields.kind')} rules={[{ required: true }]}>
        <Select
          options={(['cas', 'oidc', 'dingtalk', 'wecom'] as const).map((k) => ({
            value: k,
            label: t(`ssoAdmin.kinds.${k}`),
          }))}
        />
      </Form.Item>
      {text('code', true, t('ssoAdmin.codeHint'))}
      {text('name', true)}
      {text('nameEn')}
      {shows('serverUrl') && text('serverUrl', true)}
      {shows('version') && (
        <Form.Item name="version" label={t('ssoAdmin.fields.version')}>
          <Select
            options={[
              { value: '2.0', label: 'CAS 2.0' },
              { value: '3.0', label: 'CAS 3.0' },
            ]}
          />
        </Form.Item>
      )}
      {shows('logoutUrl') && text('logoutUrl')}
      {shows('issuer') && text('issuer', true)}
      {shows('clientId') && text('clientId', true)}
      {shows('scopes') && text('scopes')}
      {shows('corpId') &&
        text('corpId', kind === 'wecom', kind === 'dingtalk' ? t('ssoAdmin.corpIdHint') : undefined)}
      {shows('agentId') && text('agentId', true)}
      {shows('secret') && (
        <Form.Item
          name="secret"
          label={t('ssoAdmin.fields.secret')}
          extra={provider?.hasSecret ? t('ssoAdmin.secretKept') : undefined}
        >
          <Input.Password autoComplete="new-password" maxLength={500} />
        </Form.Item>
      )}
      {shows('apiBase') && text('apiBase', false, t('ssoAdmin.baseHint'))}
      {shows('oauthBase') && text('oauthBase')}
      {shows('inAppBase') && text('inAppBase')}
      <Form.Item
        name="redirectUris"
        label={t('ssoAdmin.fields.redirectUris')}
        extra={t('ssoAdmin.redirectHint')}
        rules={[{ required: true, whitespace: true, message: t('ssoAdmin.required') }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item name="linkBy" label={t('ssoAdmin.fields.linkBy')}>
        <Select
          options={(['username', 'numberName', 'link'] as const).map((r) => ({
            value: r,
            label: t(`ssoAdmin.linkRules.${r}`),
          }))}
        />
      </Form.Item>
      {text('subjectClaim', false, t('ssoAdmin.subjectClaimHint'))}
      <Form.Item
        name="registerEnabled"
        label={t('ssoAdmin.fields.registerEnabled')}
        extra={t('ssoAdmin.registerHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      {registers && (
        <>
          <Form.Item
            name="registerUserTypeCode"
            label={t('ssoAdmin.fields.registerUserTypeCode')}
            rules={[{ required: true, message: t('ssoAdmin.required') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={types.isLoading}
              options={(types.data ?? []).map((type) => ({
                value: type.code,
                label: seededName(type.name, lang),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="registerRoleCode"
            label={t('ssoAdmin.fields.registerRoleCode')}
            extra={t('ssoAdmin.registerRoleHint')}
            rules={[{ required: true, message: t('ssoAdmin.required') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={roles.isLoading}
              options={(roles.data ?? []).map((role) => ({
                value: role.roleCode,
                label: seededName(role.roleName, lang),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="registerDeptId"
            label={t('ssoAdmin.fields.registerDeptId')}
            extra={t('ssoAdmin.registerDeptHint')}
          >
            <DeptPicker allowClear />
          </Form.Item>
          {text('registerNameClaim', false, t('ssoAdmin.registerNameHint'))}
          {text('registerNumberClaim')}
        </>
      )}
      <Form.Item name="enabled" label={t('ssoAdmin.fields.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
