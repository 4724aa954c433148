import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FORM_PURPOSES,
  type FormPurpose,
  type FormSummary,
  hasPermission,
  FORM_PERMISSIONS,
} from '@psy/contracts';
import { Button, Card, Flex, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../auth';
import { useFormPage } from '../api/forms';
import { formLang, localized } from '../lib/form-text';
import { UnsavedChangesGuard, useConfirmLeave } from '../../../shared/ui/unsaved-changes-guard';
import { FormBuilder } from './form-builder';
import styles from './form-admin.module.css';

const PAGE_SIZE = 10;

// Opened from a row: its pickers and export calls are not part of the page's first load.
const ExportAnswersDialog = lazy(async () => ({
  default: (await import('./export-answers-dialog')).ExportAnswersDialog,
}));

/**
 * `/admin/form/index` (menu sys_form, issue 6 "Builder"): the school's forms with their current version;
 * create one or open one in the builder, which saves each change as a new version.
 */
export function FormAdminPage() {
  const { t, i18n } = useTranslation();
  const lang = formLang(i18n.language);
  const info = useUserInfo();
  const canEdit = hasPermission(info.data?.permissions, FORM_PERMISSIONS.edit);
  const [current, setCurrent] = useState(1);
  const [name, setName] = useState('');
  const [purpose, setPurpose] = useState<FormPurpose | undefined>(undefined);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [builderDirty, setBuilderDirty] = useState(false);
  const confirmLeave = useConfirmLeave();
  const [exportOf, setExportOf] = useState<FormSummary | null>(null);
  const page = useFormPage({
    current,
    size: PAGE_SIZE,
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(purpose ? { purpose } : {}),
  });

  if (editing) {
    return (
      <>
        <UnsavedChangesGuard dirty={builderDirty} keptAlive />
        <FormBuilder
          formId={editing.id}
          onClose={() => {
            if (!builderDirty) return setEditing(null);
            confirmLeave(() => {
              setBuilderDirty(false);
              setEditing(null);
            });
          }}
          canEdit={canEdit}
          onDirtyChange={setBuilderDirty}
        />
      </>
    );
  }

  const columns: TableColumnsType<FormSummary> = [
    { title: t('formAdmin.columns.name'), key: 'name', render: (_, f) => localized(f.name, lang) },
    {
      title: t('formAdmin.columns.purpose'),
      dataIndex: 'purpose',
      render: (p: FormPurpose) => t(`formAdmin.purpose.${p}`),
    },
    {
      title: t('formAdmin.columns.version'),
      dataIndex: 'currentVersion',
      render: (v: number) => <Tag>{t('formAdmin.versionTag', { version: v })}</Tag>,
    },
    {
      title: t('formAdmin.columns.enabled'),
      dataIndex: 'enabled',
      render: (on: boolean) => (on ? t('formAdmin.yes') : t('formAdmin.no')),
    },
    {
      title: t('formAdmin.columns.updateTime'),
      dataIndex: 'updateTime',
      render: (v: string) => new Date(v).toLocaleString(i18n.language),
    },
    {
      title: t('formAdmin.columns.actions'),
      key: 'actions',
      render: (_, f) => (
        <Flex gap={8}>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing({ id: f.id })}
            data-testid={`form-edit-${f.id}`}
          >
            {canEdit ? t('formAdmin.edit') : t('formAdmin.open')}
          </Button>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => setExportOf(f)}
            data-testid={`form-export-${f.id}`}
          >
            {t('exports.answers.action')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Card className={styles.page} title={t('formAdmin.title')}>
      <Flex gap={8} wrap className={styles.filters}>
        <Input.Search
          allowClear
          placeholder={t('formAdmin.searchName')}
          aria-label={t('formAdmin.searchName')}
          style={{ maxWidth: 260 }}
          onSearch={(v) => {
            setName(v);
            setCurrent(1);
          }}
        />
        <Select
          allowClear
          placeholder={t('formAdmin.columns.purpose')}
          aria-label={t('formAdmin.columns.purpose')}
          style={{ minWidth: 180 }}
          value={purpose}
          options={FORM_PURPOSES.map((p) => ({ value: p, label: t(`formAdmin.purpose.${p}`) }))}
          onChange={(v: FormPurpose | undefined) => {
            setPurpose(v);
            setCurrent(1);
          }}
        />
        {canEdit ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ id: null })}
            data-testid="form-create"
          >
            {t('formAdmin.create')}
          </Button>
        ) : null}
      </Flex>
      <Table<FormSummary>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.records ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total: page.data?.total ?? 0,
          onChange: setCurrent,
          showSizeChanger: false,
        }}
      />
      {exportOf ? (
        <Suspense fallback={null}>
          <ExportAnswersDialog form={exportOf} onClose={() => setExportOf(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
