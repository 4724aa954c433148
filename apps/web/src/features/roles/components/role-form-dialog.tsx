import {
  CLIENT_PORTS,
  DATA_SCOPES,
  ROLE_CODE_MAX,
  ROLE_CODE_PATTERN,
  ROLE_DESC_MAX,
  ROLE_NAME_MAX,
  type RoleBody,
  type RoleRecord,
} from '@psy/contracts';
import { Alert, Checkbox, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { useCreateRole, useUpdateRole } from '../api/roles';

export interface RoleFormDialogProps {
  /** The role to edit; null to add one. */
  role: RoleRecord | null;
  onClose: () => void;
}

/** The dialog's fields; a server 400 naming one of them is shown on it. */
const ROLE_FORM_FIELDS = ['roleName', 'roleCode', 'roleDesc', 'portPermission', 'dataScope'] as const;

type RoleFormValues = Required<Pick<RoleBody, 'roleName' | 'roleCode' | 'portPermission' | 'dataScope'>> & {
  roleDesc?: string | null;
};

/** Add or edit a role: name, code, description, the clients it may be used from and its data scope. */
export function RoleFormDialog({ role, onClose }: RoleFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateRole();
  const update = useUpdateRole();
  const builtIn = role?.builtIn ?? false;

  const submit = (values: RoleFormValues) => {
    const body = { ...values, roleDesc: values.roleDesc ?? null };
    return role ? update.mutateAsync({ ...body, id: role.id }) : create.mutateAsync(body);
  };

  return (
    <FormDialog<RoleFormValues>
      title={role ? t('roleAdmin.dialogEditTitle') : t('roleAdmin.dialogAddTitle')}
      name="role-form"
      initialValues={
        role
          ? {
              roleName: role.roleName,
              roleCode: role.roleCode,
              roleDesc: role.roleDesc,
              portPermission: role.portPermission as RoleFormValues['portPermission'],
              dataScope: role.dataScope,
            }
          : { portPermission: ['pc'], dataScope: 'all' }
      }
      // A code already used is refused on its field.
      serverFields={ROLE_FORM_FIELDS}
      successText={role ? t('roleAdmin.saved') : t('roleAdmin.created')}
      onSubmit={submit}
      onClose={onClose}
      before={
        builtIn && (
          <Alert type="info" showIcon title={t('roleAdmin.builtInHint')} style={{ marginBottom: 16 }} />
        )
      }
    >
      <Form.Item
        name="roleName"
        label={t('roleAdmin.columns.roleName')}
        rules={[{ required: true, whitespace: true, message: t('roleAdmin.nameRequired') }]}
      >
        <Input maxLength={ROLE_NAME_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="roleCode"
        label={t('roleAdmin.columns.roleCode')}
        rules={[
          { required: true, whitespace: true, message: t('roleAdmin.codeRequired') },
          { min: 2, pattern: ROLE_CODE_PATTERN, message: t('roleAdmin.codePattern') },
        ]}
      >
        <Input maxLength={ROLE_CODE_MAX} disabled={builtIn} placeholder="ROLE_DUTY" />
      </Form.Item>
      <Form.Item name="roleDesc" label={t('roleAdmin.columns.roleDesc')}>
        <Input.TextArea maxLength={ROLE_DESC_MAX} autoSize={{ minRows: 2, maxRows: 5 }} showCount />
      </Form.Item>
      <Form.Item
        name="portPermission"
        label={t('roleAdmin.columns.portPermission')}
        rules={[{ required: true, type: 'array', min: 1, message: t('roleAdmin.portsRequired') }]}
      >
        <Checkbox.Group
          options={CLIENT_PORTS.map((port) => ({
            value: port,
            label: t(`roleAdmin.ports.${port}`),
            disabled: builtIn && port === 'pc',
          }))}
        />
      </Form.Item>
      <Form.Item name="dataScope" label={t('roleAdmin.columns.dataScope')}>
        <Radio.Group
          disabled={builtIn}
          options={DATA_SCOPES.map((scope) => ({
            value: scope,
            label: t(`roleAdmin.dataScopes.${scope}`),
          }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
