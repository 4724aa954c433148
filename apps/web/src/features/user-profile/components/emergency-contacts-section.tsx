import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { EMERGENCY_CONTACT_MAX, type EmergencyContact, PHONE_PATTERN } from '@psy/contracts';
import { Button, Card, Empty, Form, Input, List, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import {
  useDeleteMyEmergencyContact,
  useMyEmergencyContacts,
  useSaveMyEmergencyContact,
  type ContactInput,
} from '../api/user-profile';

/**
 * The signed-in user's emergency contacts on the personal information page (spec S0.3.25, S0.7.14
 * `insertMine`, `updateMine`, `getMyList`): a contact person and an 11-digit phone (S0.5.3).
 */
export function EmergencyContactsSection() {
  const { t } = useTranslation();
  const contacts = useMyEmergencyContacts();
  const save = useSaveMyEmergencyContact();
  const remove = useDeleteMyEmergencyContact();
  const [editing, setEditing] = useState<EmergencyContact | 'new' | null>(null);
  const [form] = Form.useForm<ContactInput>();
  const list = contacts.data ?? [];

  const open = (contact: EmergencyContact | 'new') => {
    setEditing(contact);
    form.setFieldsValue(
      contact === 'new'
        ? { emergencyContact: '', emergencyContactPhone: '', relation: '' }
        : {
            emergencyContact: contact.emergencyContact,
            emergencyContactPhone: contact.emergencyContactPhone,
            relation: contact.relation ?? '',
          },
    );
  };

  const submit = async () => {
    let values: ContactInput;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const relation = values.relation?.trim();
    try {
      await save.mutateAsync({
        emergencyContact: values.emergencyContact.trim(),
        emergencyContactPhone: values.emergencyContactPhone,
        ...(relation ? { relation } : {}),
        ...(editing && editing !== 'new' ? { id: editing.id } : {}),
      });
    } catch {
      return;
    }
    showToast('success', t('userProfile.saved'));
    setEditing(null);
  };

  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('userProfile.contacts.title')}</h2>}
      extra={
        <Button
          icon={<PlusOutlined />}
          onClick={() => open('new')}
          disabled={list.length >= EMERGENCY_CONTACT_MAX}
          data-testid="contact-add"
        >
          {t('userProfile.contacts.add')}
        </Button>
      }
    >
      <List
        loading={contacts.isPending}
        dataSource={list}
        locale={{ emptyText: <Empty description={t('userProfile.contacts.none')} /> }}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Button
                key="edit"
                type="link"
                icon={<EditOutlined />}
                aria-label={t('userProfile.contacts.edit')}
                onClick={() => open(c)}
              />,
              <Popconfirm
                key="delete"
                title={t('userProfile.contacts.confirmDelete')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove.mutateAsync(c.id)}
              >
                <Button
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('userProfile.contacts.delete')}
                />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={c.relation ? `${c.emergencyContact} (${c.relation})` : c.emergencyContact}
              description={c.emergencyContactPhone}
            />
          </List.Item>
        )}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('userProfile.contacts.add') : t('userProfile.contacts.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        forceRender
      >
        <Form<ContactInput> form={form} layout="vertical" name="emergency-contact" autoComplete="off">
          <Form.Item
            name="emergencyContact"
            label={t('userProfile.contacts.name')}
            rules={[
              { required: true, whitespace: true, message: t('userProfile.contacts.nameRequired') },
              { max: 50, message: t('userProfile.tooLong', { max: 50 }) },
            ]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="emergencyContactPhone"
            label={t('userProfile.contacts.phone')}
            rules={[
              { required: true, message: t('userProfile.contacts.phoneRequired') },
              { pattern: PHONE_PATTERN, message: t('userProfile.phoneInvalid') },
            ]}
          >
            <Input inputMode="tel" maxLength={11} />
          </Form.Item>
          <Form.Item
            name="relation"
            label={t('userProfile.contacts.relation')}
            rules={[{ max: 20, message: t('userProfile.tooLong', { max: 20 }) }]}
          >
            <Input maxLength={20} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
