import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Drawer,
  Dropdown,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Tree,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { FilterForm } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { useExportFile } from '../../../shared/api/use-export-file';
import { currentLanguage } from '../../../i18n/i18n';
import { showToast } from '../../../shared/ui/feedback';
import { pairText } from '../../assessment-take';
import {
  exportScale,
  useDeleteScale,
  useImportScaleJson,
  useImportScaleXlsx,
  useReportTypes,
  useScaleCategories,
  useScaleDetail,
  useScalePage,
  useScaleStatus,
  useScaleTree,
  type ScalePageQuery,
  type ScaleSummary,
} from '../api/scales';
import { importProblems, parseDefinition } from '../lib/scale-import';
import { useAssessmentButtons } from './common';

type ScaleFilter = Omit<ScalePageQuery, 'current' | 'size'>;

const LICENCE_COLOURS: Record<string, string> = {
  'public-domain': 'green',
  free: 'blue',
  licensed: 'orange',
  'school-owned': 'purple',
};

/**
 * `/scaleLibrary/index` (docs/assessment.md "The scale library"): the tree of categories and scales, the
 * school's scales with their licence, the enable switch, a scale's items, factors, bands and norms, and
 * import and export of a definition as JSON or XLSX; the report types of S1.2.13 with what ships.
 */
export function ScaleLibraryPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('assessment.scale.title')} intro={t('assessment.scale.intro')}>
      <Tabs
        items={[
          { key: 'scales', label: t('assessment.scale.tab'), children: <ScaleLibrary /> },
          { key: 'types', label: t('assessment.scale.reportTypes'), children: <ReportTypes /> },
        ]}
      />
    </AdminPage>
  );
}

function ScaleLibrary() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const buttons = useAssessmentButtons();
  const tree = useScaleTree(lang);
  const list = useAdminList<ScaleFilter>({});
  const scales = useScalePage(list.query);
  const status = useScaleStatus();
  const remove = useDeleteScale();
  const confirm = useConfirmAction();
  const { run } = useExportFile();
  const [viewing, setViewing] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);

  const download = (scale: ScaleSummary, format: 'json' | 'xlsx') =>
    void run(() => exportScale(scale.id, format), `${scale.code}-v${scale.version}.${format}`);

  const columns: AdminColumn<ScaleSummary>[] = [
    {
      key: 'name',
      title: t('assessment.scale.name'),
      alwaysShown: true,
      render: (_, s) => (
        <Button type="link" size="small" onClick={() => setViewing(s.id)} style={{ padding: 0 }}>
          {s.name}
        </Button>
      ),
    },
    { key: 'code', title: t('assessment.scale.code'), render: (_, s) => `${s.code} v${s.version}` },
    { key: 'category', title: t('assessment.scale.category'), dataIndex: 'categoryName' },
    { key: 'items', title: t('assessment.scale.items'), dataIndex: 'itemCount' },
    { key: 'reportType', title: t('assessmentReport.reportType'), dataIndex: 'reportType' },
    {
      key: 'licence',
      title: t('assessment.scale.licence'),
      render: (_, s) => (
        <Tag color={LICENCE_COLOURS[s.licenceKind]} title={s.licenceNote}>
          {t(`assessment.scale.licences.${s.licenceKind}`)}
        </Tag>
      ),
    },
    {
      key: 'source',
      title: t('assessment.scale.source'),
      render: (_, s) => t(`assessment.scale.sources.${s.source}`),
    },
    {
      key: 'status',
      title: t('assessment.scale.enabled'),
      render: (_, s) => (
        <Switch
          size="small"
          checked={s.status === 1}
          disabled={!buttons.scaleEdit}
          aria-label={`${t('assessment.scale.enabled')} ${s.name}`}
          onChange={(on) =>
            void status
              .mutateAsync({ id: s.id, status: on ? 1 : 0 })
              .then(() => showToast('success', t('adminKit.saved')))
          }
        />
      ),
    },
    {
      key: 'actions',
      title: t('assessment.common.actions'),
      alwaysShown: true,
      render: (_, s) => (
        <>
          <RowButton
            label={t('assessment.common.details')}
            ariaLabel={`${t('assessment.common.details')} ${s.name}`}
            onClick={() => setViewing(s.id)}
          />
          <Dropdown
            menu={{
              items: [
                { key: 'json', label: t('assessment.scale.exportJson') },
                { key: 'xlsx', label: t('assessment.scale.exportXlsx') },
              ],
              onClick: ({ key }) => download(s, key as 'json' | 'xlsx'),
            }}
          >
            <Button
              size="small"
              type="link"
              icon={<DownloadOutlined />}
              aria-label={`${t('adminKit.export')} ${s.name}`}
            >
              {t('adminKit.export')}
            </Button>
          </Dropdown>
          {buttons.scaleEdit && s.source === 'import' && (
            <RowButton
              isDanger
              label={t('assessment.common.delete')}
              ariaLabel={`${t('assessment.common.delete')} ${s.name}`}
              onClick={() =>
                confirm({
                  title: t('assessment.scale.confirmDelete', { name: s.name }),
                  isDanger: true,
                  action: () => remove.mutateAsync(s.id),
                  successText: t('adminKit.deleted'),
                  onDone: () => list.deleted(scales.data?.total ?? 0, 1),
                })
              }
            />
          )}
        </>
      ),
    },
  ];

  const treeData = (tree.data ?? []).map((c) => ({
    key: `c-${c.id}`,
    title: `${c.name} (${c.children.length})`,
    children: c.children.map((s) => ({ key: `s-${s.id}`, title: s.name, isLeaf: true })),
  }));

  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Typography.Title level={2} style={{ fontSize: 15 }}>
          {t('assessment.scale.tree')}
        </Typography.Title>
        {tree.isPending ? (
          <Spin />
        ) : (
          <Tree
            treeData={treeData}
            defaultExpandAll
            onSelect={(keys) => {
              const key = String(keys[0] ?? '');
              if (key.startsWith('c-')) list.search({ categoryId: Number(key.slice(2)) });
              else if (key.startsWith('s-')) setViewing(Number(key.slice(2)));
              else list.search({});
            }}
          />
        )}
      </Col>
      <Col xs={24} lg={18}>
        <FilterForm<ScaleFilter>
          name="scale-filter"
          label={t('assessment.scale.title')}
          onSearch={(values) => list.search(values)}
          buttons={
            buttons.scaleEdit && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('assessment.scale.import')}
              </Button>
            )
          }
          fields={[
            <Form.Item key="name" name="name" label={t('assessment.scale.name')}>
              <Input allowClear maxLength={50} />
            </Form.Item>,
            <Form.Item key="kind" name="kind" label={t('assessment.scale.kind')}>
              <Select
                allowClear
                options={(['scale', 'questionnaire'] as const).map((k) => ({
                  value: k,
                  label: t(`assessment.scale.kinds.${k}`),
                }))}
              />
            </Form.Item>,
            <Form.Item key="status" name="status" label={t('assessment.scale.enabled')}>
              <Select
                allowClear
                options={[
                  { value: 1, label: t('assessment.common.yes') },
                  { value: 0, label: t('assessment.common.no') },
                ]}
              />
            </Form.Item>,
            <Form.Item key="source" name="source" label={t('assessment.scale.source')}>
              <Select
                allowClear
                options={(['builtin', 'import'] as const).map((k) => ({
                  value: k,
                  label: t(`assessment.scale.sources.${k}`),
                }))}
              />
            </Form.Item>,
          ]}
        />
        <AdminTable<ScaleSummary>
          rowKey="id"
          columns={columns}
          query={scales}
          list={list}
          columnSettingsId="assessment-scales"
          scrollX={1100}
          testId="scale-table"
        />
      </Col>
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={t('assessment.scale.detail')}
        size="large"
      >
        {viewing !== null && <ScaleDetail id={viewing} />}
      </Drawer>
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </Row>
  );
}

function ScaleDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const detail = useScaleDetail(id);
  if (!detail.data) return <Spin />;
  const s = detail.data;
  const d = s.definition;
  return (
    <Flex vertical gap={12} data-testid="scale-detail">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'name',
            label: t('assessment.scale.name'),
            children: `${pairText(d.name, lang)} (${s.code} v${s.version})`,
          },
          { key: 'type', label: t('assessmentReport.reportType'), children: s.reportType },
          {
            key: 'licence',
            label: t('assessment.scale.licence'),
            children: (
              <>
                <Tag color={LICENCE_COLOURS[s.licenceKind]}>
                  {t(`assessment.scale.licences.${s.licenceKind}`)}
                </Tag>
                {s.licenceNote}
              </>
            ),
          },
          { key: 'source', label: t('assessment.scale.citation'), children: d.source ?? '-' },
          {
            key: 'instructions',
            label: t('assessment.scale.instructions'),
            children: pairText(d.instructions, lang),
          },
        ]}
      />
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('assessment.scale.itemsTitle', { count: d.items.length })}
      </Typography.Title>
      <Table
        size="small"
        rowKey="no"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={d.items}
        columns={[
          { key: 'no', title: '#', dataIndex: 'no', width: 48 },
          { key: 'text', title: t('assessment.answers.item'), render: (_, i) => pairText(i.text, lang) },
          {
            key: 'options',
            title: t('assessment.scale.options'),
            render: (_, i) =>
              (d.optionSets[i.optionSet] ?? [])
                .map((o) => `${pairText(o.label, lang)}=${o.score}`)
                .join(' / '),
          },
          {
            key: 'reverse',
            title: t('assessment.scale.reverse'),
            render: (_, i) => (i.reverse ? '↺' : ''),
            width: 64,
          },
        ]}
      />
      {d.factors.length > 0 && (
        <>
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {t('assessment.scale.factors')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="code"
            pagination={false}
            dataSource={d.factors}
            columns={[
              { key: 'name', title: t('assessmentReport.factor'), render: (_, f) => pairText(f.name, lang) },
              { key: 'items', title: t('assessment.scale.items'), render: (_, f) => f.items.join(', ') },
              { key: 'method', title: t('assessment.scale.method'), dataIndex: 'method' },
            ]}
          />
        </>
      )}
      {(d.bands ?? []).length > 0 && (
        <>
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {t('assessmentReport.bands')}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(b) => `${b.target}-${b.from ?? ''}-${b.below ?? ''}`}
            pagination={false}
            dataSource={d.bands}
            columns={[
              { key: 'target', title: t('assessment.scale.target'), dataIndex: 'target' },
              {
                key: 'range',
                title: t('assessment.scale.range'),
                render: (_, b) => `[${b.from ?? '-∞'}, ${b.below ?? '∞'})`,
              },
              { key: 'label', title: t('assessmentReport.band'), render: (_, b) => pairText(b.label, lang) },
              {
                key: 'text',
                title: t('assessmentReport.bands'),
                render: (_, b) => pairText(b.interpretation, lang),
              },
            ]}
          />
        </>
      )}
      {(d.critical ?? []).length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('assessmentReport.criticalTitle')}
          description={(d.critical ?? [])
            .map((c) => `#${c.item} ${c.op} ${c.value}: ${pairText(c.reason, lang)}`)
            .join('；')}
        />
      )}
      {(d.norms ?? []).length > 0 && (
        <Descriptions
          size="small"
          column={1}
          title={t('assessmentReport.norm')}
          items={(d.norms ?? []).map((n) => ({
            key: n.id,
            label: pairText(n.population, lang),
            children: `${n.source}${n.n ? ` (n = ${n.n})` : ''}`,
          }))}
        />
      )}
    </Flex>
  );
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const categories = useScaleCategories(lang);
  const importJson = useImportScaleJson();
  const importXlsx = useImportScaleXlsx();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const fileRef = useRef<HTMLInputElement>(null);
  const busy = importJson.isPending || importXlsx.isPending;

  const done = (name: string) => {
    showToast('success', t('assessment.scale.imported', { name }));
    onClose();
  };
  const fail = (error: unknown) => {
    const list = importProblems(error);
    setProblems(list.length ? list : [t('adminKit.saveFailed')]);
  };
  const sendJson = async (source: string) => {
    const parsed = parseDefinition(source);
    if (!parsed.ok) {
      setProblems([t(`assessment.scale.parse.${parsed.reason}`)]);
      return;
    }
    try {
      const scale = await importJson.mutateAsync({ definition: parsed.definition as never, categoryId });
      done(scale.name);
    } catch (error) {
      fail(error);
    }
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setProblems([]);
    if (/\.xlsx$/i.test(file.name)) {
      try {
        done((await importXlsx.mutateAsync({ file, categoryId })).name);
      } catch (error) {
        fail(error);
      }
    } else {
      await sendJson(await file.text());
    }
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <Modal open title={t('assessment.scale.import')} onCancel={onClose} footer={null} width={680}>
      <Typography.Paragraph type="secondary">{t('assessment.scale.importHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('assessment.scale.category')}>
          <Select
            allowClear
            value={categoryId}
            onChange={setCategoryId}
            placeholder={t('assessment.scale.categoryFromDefinition')}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item label={t('assessment.scale.file')}>
          <input
            ref={fileRef}
            type="file"
            accept=".json,.xlsx,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={t('assessment.scale.file')}
            onChange={(e) => void onFile(e.target.files?.[0])}
            disabled={busy}
          />
        </Form.Item>
        <Form.Item label={t('assessment.scale.pasteJson')}>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 4, maxRows: 10 }}
          />
        </Form.Item>
      </Form>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('assessment.scale.importRefused')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="import-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" loading={busy} disabled={!text.trim()} onClick={() => void sendJson(text)}>
          {t('assessment.scale.importJson')}
        </Button>
      </Flex>
    </Modal>
  );
}

function ReportTypes() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const types = useReportTypes(lang);
  return (
    <Table
      size="small"
      rowKey="code"
      loading={types.isPending}
      pagination={false}
      dataSource={types.data ?? []}
      scroll={{ x: 800 }}
      columns={[
        { key: 'name', title: t('assessmentReport.reportType'), render: (_, r) => `${r.name} (${r.code})` },
        {
          key: 'licence',
          title: t('assessment.scale.licence'),
          render: (_, r) => (
            <Tag color={LICENCE_COLOURS[r.licence]}>{t(`assessment.scale.licences.${r.licence}`)}</Tag>
          ),
        },
        {
          key: 'shipped',
          title: t('assessment.scale.shipped'),
          render: (_, r) => r.shipped ?? t('assessment.scale.importOnly'),
        },
        { key: 'note', title: t('assessment.scale.note'), dataIndex: 'note' },
      ]}
    />
  );
}
