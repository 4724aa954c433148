import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SsoLink, SsoProvider } from '@psy/contracts';
import { Button, Flex, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { SearchBox } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { placeServerErrors } from '../../../shared/admin/server-errors';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { showToast } from '../../../shared/ui/feedback';
import { useDeleteSsoLink, useLinkUserSearch, useSaveSsoLink, useSsoLinks } from '../api/sso-admin';
import { linkSaveBody, linkUserLabel, userLabel, type LinkFormValues } from '../lib/link-form';
import styles from './sso-links.module.css';

/**
 * A provider's explicit links (the `link` rule, docs/sso.md "Account linking"): search, add a user with
 * the provider's subject (a subject linked again moves to the new user), remove.
 */
export function SsoLinksDialog({
  provider,
  canEdit,
  onClose,
}: {
  provider: SsoProvider;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = useAdminList<{ keyword?: string }>({});
  const page = useSsoLinks({ providerId: provider.id, ...list.query });
  const remove = useDeleteSsoLink();
  const confirm = useConfirmAction();

  const columns: AdminColumn<SsoLink>[] = [
    { key: 'subject', title: t('ssoAdmin.links.subject'), dataIndex: 'subject', alwaysShown: true },
    { key: 'user', title: t('ssoAdmin.links.user'), render: (_, l) => linkUserLabel(l) },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('ssoAdmin.actions'),
      alwaysShown: true,
      width: 100,
      render: (_, l) => (
        <RowButton
          isDanger
          icon={<DeleteOutlined />}
          label={t('ssoAdmin.delete')}
          ariaLabel={t('ssoAdmin.links.deleteLabel', { subject: l.subject })}
          onClick={() =>
            confirm({
              title: t('ssoAdmin.links.confirmDelete', { subject: l.subject, user: linkUserLabel(l) }),
              isDanger: true,
              action: () => remove.mutateAsync(l.id),
              successText: t('adminKit.deleted'),
              onDone: () => list.deleted(page.data?.total ?? 0, 1),
            })
          }
        />
      ),
    });
  }

  return (
    <Modal
      open
      width={{ xs: '100%', md: 760 }}
      title={t('ssoAdmin.links.title', { name: provider.name })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {canEdit && <AddLinkForm providerId={provider.id} />}
      <AdminTable<SsoLink>
        rowKey="id"
        columns={columns}
        query={page}
        list={list}
        pager={{ hideOnSinglePage: true, showTotal: true }}
        emptyText={t('ssoAdmin.links.empty')}
        testId="sso-links"
        toolbar={
          <SearchBox
            placeholder={t('ssoAdmin.links.search')}
            onSearch={(keyword) => list.refine({ keyword: keyword || undefined })}
          />
        }
      />
    </Modal>
  );
}

const LINK_FIELDS = ['userId', 'subject'] as const;

function AddLinkForm({ providerId }: { providerId: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LinkFormValues>();
  const save = useSaveSsoLink();
  const [term, setTerm] = useState('');
  const users = useLinkUserSearch(useDebouncedValue(term.trim(), 400));

  const submit = async (values: LinkFormValues) => {
    const result = linkSaveBody(providerId, values);
    if ('missing' in result) {
      form.setFields(result.missing.map((name) => ({ name, errors: [t('ssoAdmin.required')] })));
      return;
    }
    try {
      await save.mutateAsync(result.body);
      showToast('success', t('ssoAdmin.links.saved'));
      form.resetFields();
      setTerm('');
    } catch (error) {
      const placed = placeServerErrors(error, LINK_FIELDS, { fallback: t('adminKit.saveFailed') });
      form.setFields(placed.fields.map((f) => ({ name: f.name as keyof LinkFormValues, errors: f.errors })));
      if (placed.toast) showToast('error', placed.toast);
    }
  };

  return (
    <Form<LinkFormValues>
      form={form}
      name="sso-link-form"
      layout="inline"
      className={styles.linkForm}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="userId" label={t('ssoAdmin.links.user')}>
        <Select<number>
          className={styles.linkUser}
          showSearch={{ filterOption: false, onSearch: setTerm }}
          allowClear
          placeholder={t('ssoAdmin.links.userSearch')}
          notFoundContent={term ? t('adminKit.empty') : t('ssoAdmin.links.typeToSearch')}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: userLabel(u) }))}
        />
      </Form.Item>
      <Form.Item name="subject" label={t('ssoAdmin.links.subject')}>
        <Input maxLength={200} placeholder={t('ssoAdmin.links.subjectHint')} />
      </Form.Item>
      <Flex>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={save.isPending}>
          {t('ssoAdmin.links.add')}
        </Button>
      </Flex>
    </Form>
  );
}
