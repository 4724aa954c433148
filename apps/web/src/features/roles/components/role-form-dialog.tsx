import {
  CLIENT_PORTS,
  DATA_SCOPES,
  ORDINARY_USER_ROLE,
  ROLE_CODE_MAX,
  ROLE_CODE_PATTERN,
  ROLE_DESC_MAX,
  ROLE_NAME_MAX,
  type RoleBody,
  type RoleRecord,
} from '@psy/contracts';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useCreateRole, useUpdateRole } from '../api/roles';

export interface RoleFormDialogProps {
  /** The role to edit; null to add one. */
  role: RoleRecord | null;
  onClose: () => void;
}

type RoleFormValues = Required<
  Pick<RoleBody, 'roleName' | 'roleCode' | 'portPermission' | 'dataScope' | 'delegable'>
> & {
  roleDesc?: string | null;
};

/** Add or edit a role: name, code, description, the clients it may be used from and its data scope. */
export function RoleFormDialog({ role, onClose }: RoleFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const builtIn = role?.builtIn ?? false;
  const dataScope = Form.useWatch('dataScope', form);
  const roleCode = Form.useWatch('roleCode', form);
  // The server's rule (docs/users-and-departments.md): a school-wide role other than the ordinary user's
  // cannot be delegated to department administrators.
  const canDelegate = !builtIn && (dataScope === 'dept_tree' || roleCode === ORDINARY_USER_ROLE);

  const submit = async (values: RoleFormValues) => {
    const body = {
      ...values,
      roleDesc: values.roleDesc ?? null,
      delegable: canDelegate && values.delegable === true,
    };
    try {
      if (role) {
        await update.mutateAsync({ ...body, id: role.id });
        showToast('success', t('roleAdmin.saved'));
      } else {
        await create.mutateAsync(body);
        showToast('success', t('roleAdmin.created'));
      }
      onClose();
    } catch {
      // The request layer showed the server's reason (a code already used).
    }
  };

  return (
    <Modal
      open
      title={role ? t('roleAdmin.dialogEditTitle') : t('roleAdmin.dialogAddTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {builtIn && (
        <Alert type="info" showIcon title={t('roleAdmin.builtInHint')} style={{ marginBottom: 16 }} />
      )}
      <Form<RoleFormValues>
        form={form}
        name="role-form"
        layout="vertical"
        autoComplete="off"
        initialValues={
          role
            ? {
                roleName: role.roleName,
                roleCode: role.roleCode,
                roleDesc: role.roleDesc,
                portPermission: role.portPermission as RoleFormValues['portPermission'],
                dataScope: role.dataScope,
                delegable: role.delegable,
              }
            : { portPermission: ['pc'], dataScope: 'all', delegable: false }
        }
        onFinish={(values) => void submit(values)}
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
        <Form.Item name="delegable" valuePropName="checked" extra={t('roleAdmin.delegableHint')}>
          <Checkbox disabled={!canDelegate}>{t('roleAdmin.delegable')}</Checkbox>
        </Form.Item>
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {t('common.confirm')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
