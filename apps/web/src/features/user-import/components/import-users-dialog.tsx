import { seededName } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { IMPORT_FILE_MAX_BYTES, IMPORT_TYPE } from '@psy/contracts';
import { Alert, App, Button, Col, Flex, Form, Modal, Row, Select, Tabs, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../shared/lib/save-file';
import { showToast } from '../../../shared/ui/feedback';
import { DeptPicker } from '../../depts';
import { fetchTemplate, useImportUsers, type TemplateKind } from '../api/user-import';
import { IMPORT_FILE_ACCEPT, importFileIssue } from '../lib/import-task';
import { setRecordsView } from '../model/records-store';
import styles from './user-import.module.css';

/** Spec S0.9: import dialogs are 1200 px wide. */
export const IMPORT_DIALOG_WIDTH = 1200;
const MAX_MB = Math.round(IMPORT_FILE_MAX_BYTES / (1024 * 1024));

type Mode = 'create' | 'update';

interface ImportValues {
  userTypeId?: number;
  deptId?: number | null;
}

export interface ImportUsersDialogProps {
  /** The school's user types (the users page has them already). */
  userTypes: readonly { id: number; name: string }[];
  onClose: () => void;
}

/**
 * 'member batch processing' (spec S0.2.21, S0.5.11): tabs 'create new users' and 'update user
 * information'; user type (also before a template download) and organisation required; one .xls/.xlsx
 * file, sent with its MD5; 'confirm upload file?'; then 'importing, check the result in the message
 * system later' and, when creating users, where their individual initial passwords will be: the
 * result file (docs/user-import.md).
 */
export function ImportUsersDialog({ userTypes, onClose }: ImportUsersDialogProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<ImportValues>();
  const [mode, setMode] = useState<Mode>('create');
  const [file, setFile] = useState<File | null>(null);
  const [hasPasswords, setHasPasswords] = useState(false);
  const [exporting, setExporting] = useState<TemplateKind | null>(null);
  const upload = useImportUsers();

  const downloadTemplate = async (kind: TemplateKind) => {
    let userTypeId: number | undefined;
    try {
      ({ userTypeId } = await form.validateFields(['userTypeId']));
    } catch {
      return; // Spec S0.5.11: the user type is required before the template, the field says so.
    }
    if (userTypeId === undefined) return;
    setExporting(kind);
    const key = 'user-import-template';
    void message.open({ key, type: 'loading', content: t('userImport.exporting'), duration: 0 });
    try {
      const blob = await fetchTemplate(kind, userTypeId);
      saveFile(blob, `${t('userImport.template.fileName')}.xlsx`);
    } catch {
      // The request layer said why.
    } finally {
      message.destroy(key);
      setExporting(null);
    }
  };

  const submit = async (values: ImportValues) => {
    const issue = importFileIssue(file);
    if (issue || !file || values.userTypeId === undefined || values.deptId == null) {
      if (issue) showToast('warning', t(`userImport.messages.${issue}`, { size: MAX_MB }));
      return;
    }
    const body = {
      file,
      deptId: values.deptId,
      userTypeId: values.userTypeId,
      importType: mode === 'create' ? IMPORT_TYPE.create : IMPORT_TYPE.update,
    };
    modal.confirm({
      title: t('userImport.messages.confirmUpload'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const result = await upload.mutateAsync(body);
          showToast('success', t('userImport.messages.started'));
          setFile(null);
          setHasPasswords(result.passwordsInResult);
        } catch {
          // The request layer showed the server's message (file type, MD5, scope, ...).
        }
      },
    });
  };

  return (
    <Modal
      open
      width={IMPORT_DIALOG_WIDTH}
      rootClassName="user-import-dialog"
      title={t('userImport.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Button type="link" onClick={() => setRecordsView('dialog')} data-testid="import-view-records">
            {t('userImport.viewRecords')}
          </Button>
          <Button onClick={onClose}>{t('userImport.close')}</Button>
        </Flex>
      }
    >
      <Tabs
        activeKey={mode}
        onChange={(key) => {
          setMode(key as Mode);
          setHasPasswords(false);
        }}
        items={[
          { key: 'create', label: t('userImport.tabs.create') },
          { key: 'update', label: t('userImport.tabs.update') },
        ]}
      />
      <Typography.Paragraph type="secondary">{t(`userImport.hints.${mode}`)}</Typography.Paragraph>
      <Form<ImportValues>
        form={form}
        name="user-import"
        layout="vertical"
        onFinish={(values) => void submit(values)}
        requiredMark
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="userTypeId"
              label={t('userImport.fields.userType')}
              rules={[{ required: true, message: t('userImport.messages.userTypeRequired') }]}
            >
              <Select
                options={userTypes.map((type) => ({
                  value: type.id,
                  label: seededName(type.name, currentLanguage()),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="deptId"
              label={t('userImport.fields.dept')}
              rules={[{ required: true, message: t('userImport.messages.deptRequired') }]}
            >
              <DeptPicker />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8} wrap className={styles.templates}>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'fixed'}
            onClick={() => void downloadTemplate('fixed')}
          >
            {t('userImport.template.fixed')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'userType'}
            onClick={() => void downloadTemplate('userType')}
          >
            {t('userImport.template.userType')}
          </Button>
        </Flex>
        <Form.Item
          label={t('userImport.fields.file')}
          required
          extra={t('userImport.hints.file', { size: MAX_MB })}
        >
          <Upload
            accept={IMPORT_FILE_ACCEPT}
            maxCount={1}
            fileList={file ? [{ uid: 'import-file', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              const issue = importFileIssue(chosen);
              if (issue) showToast('warning', t(`userImport.messages.${issue}`, { size: MAX_MB }));
              else setFile(chosen);
              // Sent with the form, not on choice.
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />}>{t('userImport.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={upload.isPending} data-testid="import-submit">
          {t('userImport.upload')}
        </Button>
      </Form>
      {hasPasswords && (
        <Alert
          className={styles.password}
          type="info"
          showIcon
          role="status"
          data-testid="import-passwords-note"
          title={t('userImport.password.title')}
          description={t('userImport.password.text')}
        />
      )}
    </Modal>
  );
}
