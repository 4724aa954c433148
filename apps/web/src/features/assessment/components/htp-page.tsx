import { HTP_OBSERVATIONS } from '@psy/contracts';
import {
  Button,
  Col,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Spin,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { showToast } from '../../../shared/ui/feedback';
import { shownPath } from '../../../shared/lib/seeded-names';
import {
  uploadHtpDrawing,
  useHtpDrawing,
  useHtpPage,
  useSaveHtp,
  type HtpInput,
  type HtpRecord,
} from '../api/after';
import { readId } from '../lib/paths';
import { UserMultiPicker } from './audience-pickers';
import { useAssessmentButtons } from './common';

type Part = keyof typeof HTP_OBSERVATIONS;
const PARTS = Object.keys(HTP_OBSERVATIONS) as Part[];
const MAX_BYTES = 10 * 1024 * 1024;

/** The observation fields and choices in the viewer's language (the codes of HTP_OBSERVATIONS are stored). */
function useHtpLabels() {
  const { t } = useTranslation();
  const fields = t('assessment.htp.fields', { returnObjects: true }) as Record<string, string>;
  const values = t('assessment.htp.values', { returnObjects: true }) as Record<string, string>;
  return {
    fieldLabel: (field: string) => fields[field] ?? field,
    valueLabel: (value: string) => values[value] ?? value,
  };
}

/**
 * `/houseTreeManInfoWrite` (spec S1.2.11): House-Tree-Person records, each with the drawing (an upload,
 * served only to staff who may see it) and the counsellor's structured observations of house, tree,
 * person and page, the impression and a follow-up flag.
 */
export function HtpPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { search } = usePageInfo();
  const buttons = useAssessmentButtons();
  const userId = readId(search, 'userId');
  const list = useAdminList<object>({});
  const rows = useHtpPage({ ...(userId ? { userId } : {}), ...list.query });
  const [adding, setAdding] = useState<{ amends?: HtpRecord } | null>(null);
  const [viewing, setViewing] = useState<HtpRecord | null>(null);
  const columns: AdminColumn<HtpRecord>[] = [
    { key: 'person', title: t('assessment.common.person'), dataIndex: 'realName', alwaysShown: true },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    { key: 'date', title: t('assessment.htp.date'), dataIndex: 'drawDate' },
    { key: 'impression', title: t('assessment.htp.impression'), dataIndex: 'impression', ellipsis: true },
    {
      key: 'followUp',
      title: t('assessment.htp.followUp'),
      render: (_, r) => (r.followUp ? t('assessment.common.yes') : t('assessment.common.no')),
    },
    {
      key: 'by',
      title: t('assessment.followUp.by'),
      render: (_, r) => `${r.createUserName} · ${formatDateTime(r.createTime, lang)}`,
    },
    {
      key: 'actions',
      title: t('assessment.common.actions'),
      alwaysShown: true,
      render: (_, r) => (
        <>
          <RowButton
            label={t('assessment.common.details')}
            ariaLabel={`${t('assessment.common.details')} ${r.realName}`}
            onClick={() => setViewing(r)}
          />
          {buttons.htp && (
            <RowButton
              label={t('assessment.followUp.amend')}
              ariaLabel={`${t('assessment.followUp.amend')} ${r.realName}`}
              onClick={() => setAdding({ amends: r })}
            />
          )}
        </>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('assessment.htp.title')}
      intro={t('assessment.htp.intro')}
      extra={
        buttons.htp && (
          <Button type="primary" onClick={() => setAdding({})}>
            {t('assessment.htp.add')}
          </Button>
        )
      }
    >
      <AdminTable<HtpRecord> rowKey="id" columns={columns} query={rows} list={list} scrollX={900} />
      {adding && <HtpDialog userId={userId} amends={adding.amends ?? null} onClose={() => setAdding(null)} />}
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={t('assessment.htp.title')}
        size="large"
      >
        {viewing && <HtpDetail record={viewing} />}
      </Drawer>
    </AdminPage>
  );
}

function HtpDetail({ record }: { record: HtpRecord }) {
  const { t } = useTranslation();
  const { fieldLabel, valueLabel } = useHtpLabels();
  const drawing = useHtpDrawing(record.id);
  return (
    <>
      {drawing.data ? (
        <img src={drawing.data} alt={t('assessment.htp.drawing')} style={{ maxWidth: '100%' }} />
      ) : (
        <Spin />
      )}
      {PARTS.map((part) => (
        <Descriptions
          key={part}
          size="small"
          column={2}
          title={t(`assessment.htp.parts.${part}`)}
          items={Object.entries(record.observations[part] ?? {}).map(([field, value]) => ({
            key: field,
            label: field === 'notes' ? t('assessment.htp.notes') : fieldLabel(field),
            children: field === 'notes' ? String(value ?? '-') : valueLabel(String(value)),
          }))}
        />
      ))}
      <Typography.Paragraph>
        {t('assessment.htp.impression')}: {record.impression ?? '-'}
      </Typography.Paragraph>
    </>
  );
}

function HtpDialog({
  userId,
  amends,
  onClose,
}: {
  userId: number | null;
  amends: HtpRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveHtp();
  const { fieldLabel, valueLabel } = useHtpLabels();
  const [fileKey, setFileKey] = useState<string | null>(amends?.fileKey ?? null);
  const [uploading, setUploading] = useState(false);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type) || file.size > MAX_BYTES) {
      showToast('warning', t('assessment.htp.fileRule'));
      return;
    }
    setUploading(true);
    try {
      setFileKey((await uploadHtpDrawing(file)).fileKey);
    } catch {
      showToast('error', t('assessment.htp.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };
  return (
    <FormDialog<Omit<HtpInput, 'fileKey'>>
      title={amends ? t('assessment.followUp.amendTitle') : t('assessment.htp.add')}
      name="htp"
      width={760}
      initialValues={
        amends
          ? {
              userId: amends.userId,
              drawDate: amends.drawDate,
              observations: amends.observations,
              impression: amends.impression ?? undefined,
              followUp: amends.followUp,
            }
          : {
              userId: userId ?? undefined,
              drawDate: new Date().toISOString().slice(0, 10),
              followUp: false,
              observations: { house: {}, tree: {}, person: {}, page: {} },
            }
      }
      serverFields={['userId', 'drawDate', 'observations', 'impression', 'fileKey']}
      onSubmit={async (values) => {
        if (!fileKey) throw new Error(t('assessment.htp.drawingRequired'));
        return save.mutateAsync({ ...values, fileKey, ...(amends ? { amendsId: amends.id } : {}) });
      }}
      failureText={fileKey ? undefined : t('assessment.htp.drawingRequired')}
      onClose={onClose}
    >
      <Form.Item name="userId" label={t('assessment.common.person')} rules={[{ required: true }]}>
        <UserMultiPicker mode="single" />
      </Form.Item>
      <Form.Item label={t('assessment.htp.drawing')} required>
        <input
          type="file"
          accept="image/png,image/jpeg"
          aria-label={t('assessment.htp.drawing')}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        {uploading && <Spin size="small" />}
        {fileKey && <Typography.Text type="success"> {t('assessment.htp.uploaded')}</Typography.Text>}
      </Form.Item>
      <Form.Item name="drawDate" label={t('assessment.htp.date')} rules={[{ required: true }]}>
        <Input type="date" />
      </Form.Item>
      {PARTS.map((part) => (
        <div key={part}>
          <Typography.Title level={3} style={{ fontSize: 14 }}>
            {t(`assessment.htp.parts.${part}`)}
          </Typography.Title>
          <Row gutter={8}>
            {Object.entries(HTP_OBSERVATIONS[part]).map(([field, values]) => (
              <Col xs={12} md={8} key={field}>
                <Form.Item name={['observations', part, field]} label={fieldLabel(field)}>
                  <Select
                    allowClear
                    options={(values as readonly string[]).map((v) => ({ value: v, label: valueLabel(v) }))}
                  />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24}>
              <Form.Item name={['observations', part, 'notes']} label={t('assessment.htp.notes')}>
                <Input maxLength={500} />
              </Form.Item>
            </Col>
          </Row>
        </div>
      ))}
      <Form.Item name={['observations', 'minutes']} label={t('assessment.htp.minutes')}>
        <InputNumber min={0} max={600} />
      </Form.Item>
      <Form.Item name="impression" label={t('assessment.htp.impression')}>
        <Input.TextArea maxLength={5000} autoSize={{ minRows: 3 }} />
      </Form.Item>
      <Form.Item name="followUp" label={t('assessment.htp.followUp')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
