import { seededName, seededPath } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import { ID_CARD_MAX, LOGIN_ACCOUNT_MAX, NUMBER_NAME_MAX, PHONE_LENGTH, REAL_NAME_MAX } from '@psy/contracts';
import type { UserFormDetail } from '@psy/contracts';
import { Button, Col, Flex, Form, Input, Modal, Radio, Row, Select, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '../../../shared/admin/form-dialog';
import { showToast } from '../../../shared/ui/feedback';
import { useRevalidateOnLanguageChange } from '../../../shared/ui/use-revalidate-on-language-change';
import { DeptPicker } from '../../depts';
import { localToday } from '../../profile';
import { useAddUser, useUpdateUser, useUser } from '../api/users';
import { useRoleOptions, useUserTypeOptions } from '../api/options';
import { useDictItems } from '../api/dicts';
import {
  checkUserField,
  DICT_FIELDS,
  ID_TYPE_OPTIONS,
  isUnchangedMasked,
  ROLE_SELECTION_LIMIT,
  USER_DIALOG_WIDTH,
  USER_FORM_FIELDS,
  userFormValues,
  userSubmission,
  type DictField,
  type TextField,
  type UserFormValues,
} from '../lib/user-form';

/** The dictionary value of a field; a dictionary without items (not set up yet) is typed in. */
function DictSelect({
  name,
  id,
  value,
  onChange,
}: {
  name: DictField;
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const items = useDictItems(name);
  if (items.isSuccess && items.data.length === 0) {
    return (
      <Input
        id={id}
        value={value ?? ''}
        maxLength={40}
        onChange={(event) => onChange?.(event.target.value)}
      />
    );
  }
  const isEnglish = i18n.language === 'en-US';
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={items.isLoading}
      placeholder={t('userAdmin.form.choose')}
      options={(items.data ?? []).map((item) => ({
        value: item.value,
        label: isEnglish ? (item.labelEn ?? item.label) : item.label,
      }))}
    />
  );
}

export interface UserFormDialogProps {
  /** The user to edit; null adds one. */
  userId: number | null;
  onClose: () => void;
  /** After a save; `initialPassword` is the generated password of a new user (shown once). */
  onSaved: (user: UserFormDetail, initialPassword: string | null) => void;
}

/**
 * The default user form (spec S0.3.3, S0.5.1-S0.5.7) in a 780 px dialog (S0.9.7): the required set with the
 * spec's messages, the rules of `@psy/contracts`, eight ID types, dictionary-backed fields, role as a
 * multiple selection limited to one. Values the server sent masked are shown as they came and never
 * sent back unless replaced with a full value.
 */
export function UserFormDialog({ userId, onClose, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation();
  const isEdit = userId !== null;
  const user = useUser(userId, 'edit');
  const title = isEdit ? t('userAdmin.form.editTitle') : t('userAdmin.form.addTitle');
  return (
    <Modal
      open
      title={title}
      width={USER_DIALOG_WIDTH}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {isEdit && !user.data ? (
        <Spin />
      ) : (
        <UserForm
          initial={user.data ? userFormValues(user.data) : {}}
          deptLabel={seededPath(user.data?.deptFullName ?? user.data?.deptName, currentLanguage())}
          userId={userId}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function UserForm({
  initial,
  userId,
  onClose,
  onSaved,
  deptLabel,
}: {
  initial: UserFormValues;
  userId: number | null;
  onClose: () => void;
  onSaved: UserFormDialogProps['onSaved'];
  deptLabel?: string | null;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  useRevalidateOnLanguageChange(form);
  const roles = useRoleOptions();
  const types = useUserTypeOptions();
  const add = useAddUser();
  const update = useUpdateUser();
  const [today] = useState(() => localToday());

  const rule = (field: TextField): Rule => ({
    validator: async (_: unknown, value: string | null | undefined) => {
      const key = checkUserField(field, value, {
        initial: initial[field] ?? null,
        today,
        idType: form.getFieldValue('idType') as UserFormValues['idType'],
      });
      if (key) throw new Error(t(`userAdmin.form.messages.${key}`));
    },
  });
  const maskedHint = (field: 'realName' | 'phone' | 'idCard') =>
    isUnchangedMasked(initial[field] ?? '', initial[field]) ? t('userAdmin.form.maskedHint') : undefined;

  const submit = async (values: UserFormValues) => {
    const body = userSubmission(values, initial);
    try {
      if (userId === null) {
        const { realName, phone, ...rest } = body;
        const saved = await add.mutateAsync({ ...rest, realName: realName ?? '', phone: phone ?? '' });
        showToast('success', t('userAdmin.messages.created'));
        onSaved(saved, saved.initialPassword);
      } else {
        const saved = await update.mutateAsync({ id: userId, ...body });
        showToast('success', t('userAdmin.messages.saved'));
        onSaved(saved, null);
      }
    } catch (error) {
      // An account taken, a department outside the scope: on its field when the server names it.
      showServerErrors(form, error, USER_FORM_FIELDS, { fallback: t('adminKit.saveFailed') });
    }
  };

  const half = { xs: 24, md: 12 } as const;
  return (
    <Form<UserFormValues>
      form={form}
      name="user-form"
      layout="vertical"
      autoComplete="off"
      initialValues={{ roleIds: [], ...initial }}
      onFinish={(values) => void submit(values)}
      scrollToFirstError
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            name="username"
            label={t('userAdmin.fields.username')}
            required
            rules={[rule('username')]}
          >
            <Input maxLength={LOGIN_ACCOUNT_MAX + 5} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="realName"
            label={t('userAdmin.fields.realName')}
            required
            rules={[rule('realName')]}
            extra={maskedHint('realName')}
          >
            <Input maxLength={REAL_NAME_MAX + 5} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="numberName"
            label={t('userAdmin.fields.numberName')}
            required
            rules={[rule('numberName')]}
          >
            <Input maxLength={NUMBER_NAME_MAX + 5} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="phone"
            label={t('userAdmin.fields.phone')}
            required
            rules={[rule('phone')]}
            extra={maskedHint('phone')}
          >
            <Input inputMode="numeric" maxLength={PHONE_LENGTH + 2} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="deptId"
            label={t('userAdmin.fields.deptId')}
            required
            rules={[{ required: true, message: t('userAdmin.form.messages.deptId.required') }]}
          >
            <DeptPicker valueLabel={deptLabel} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="sex"
            label={t('userAdmin.fields.sex')}
            required
            rules={[{ required: true, message: t('userAdmin.form.messages.sex.required') }]}
          >
            <Radio.Group
              options={[
                { value: 1, label: t('userAdmin.sex.1') },
                { value: 2, label: t('userAdmin.sex.2') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="birthday" label={t('userAdmin.fields.birthday')} rules={[rule('birthday')]}>
            {/* The browser's own date field (yyyy-MM-dd), which cannot pick a day after today. */}
            <Input type="date" max={today} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="roleIds"
            label={t('userAdmin.fields.roleIds')}
            required
            rules={[
              {
                required: true,
                type: 'array',
                min: 1,
                message: t('userAdmin.form.messages.roleIds.required'),
              },
            ]}
            extra={t('userAdmin.form.roleHint', { max: ROLE_SELECTION_LIMIT })}
          >
            <Select
              mode="multiple"
              maxCount={ROLE_SELECTION_LIMIT}
              loading={roles.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('userAdmin.form.choose')}
              // Roles the caller may not grant (a department administrator's) are left out, or shown fixed
              // when the user already holds them: the server refuses adding or removing them.
              options={(roles.data ?? [])
                .filter((role) => role.grantable || initial.roleIds?.includes(role.roleId))
                .map((role) => ({
                  value: role.roleId,
                  label: seededName(role.roleName, currentLanguage()),
                  disabled: !role.grantable,
                }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="idType" label={t('userAdmin.fields.idType')}>
            <Select
              allowClear
              placeholder={t('userAdmin.idTypes.1')}
              options={ID_TYPE_OPTIONS.map((option) => ({
                value: option.value,
                label: t(`userAdmin.idTypes.${option.value}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="idCard"
            label={t('userAdmin.fields.idCard')}
            rules={[rule('idCard')]}
            dependencies={['idType']}
            extra={maskedHint('idCard')}
          >
            <Input maxLength={ID_CARD_MAX} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="email" label={t('userAdmin.fields.email')} rules={[rule('email')]}>
            <Input type="email" maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="userTypeId" label={t('userAdmin.fields.userTypeId')}>
            <Select
              allowClear
              loading={types.isLoading}
              placeholder={t('userAdmin.form.choose')}
              options={(types.data ?? []).map((type) => ({
                value: type.id,
                label: seededName(type.name, currentLanguage()),
              }))}
            />
          </Form.Item>
        </Col>
        {DICT_FIELDS.map((field) => (
          <Col {...half} key={field}>
            <Form.Item name={field} label={t(`userAdmin.fields.${field}`)}>
              <DictSelect name={field} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={add.isPending || update.isPending}>
          {t('userAdmin.form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
