import { Badge, Descriptions, Drawer, Flex, Form, Input, Radio, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { FilterForm } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { shownName, shownPath } from '../../../shared/lib/seeded-names';
import { pairText } from '../../assessment-take';
import { useHandleWarning, useWarningCount, useWarningPage, type AssessmentWarning } from '../api/results';
import { ASSESSMENT_PATHS, FOLLOW_UP_PATHS, pathWith } from '../lib/paths';
import { PersonText, useAssessmentButtons, useGo } from './common';

const STATUS_COLOURS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'default', 4: 'purple' };

interface WarningFilter {
  status?: 1 | 2 | 3 | 4;
  level?: 1 | 2;
  open?: boolean;
}

/**
 * `/assessmentWarning/index` (docs/assessment.md "Warnings"): every warning until someone handles it,
 * critical ones first, refreshed every 5 s so a new one shows within seconds; take it in hand or close it
 * with a note; from a warning, the person's rainbow code and a follow-up record.
 */
export function WarningsPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const go = useGo();
  const buttons = useAssessmentButtons();
  const list = useAdminList<WarningFilter>({ open: true });
  const warnings = useWarningPage(list.query);
  const count = useWarningCount();
  const [handling, setHandling] = useState<AssessmentWarning | null>(null);
  const [viewing, setViewing] = useState<AssessmentWarning | null>(null);

  const columns: AdminColumn<AssessmentWarning>[] = [
    {
      key: 'level',
      title: t('assessment.warning.level'),
      render: (_, w) => (
        <Tag color={w.level === 1 ? 'red' : 'orange'}>
          {t(`assessment.warning.levels.${w.level as 1 | 2}`)}
        </Tag>
      ),
    },
    {
      key: 'person',
      title: t('assessment.common.person'),
      alwaysShown: true,
      render: (_, w) => (
        <PersonText realName={w.realName} numberName={w.numberName} anonymous={w.anonymous} />
      ),
    },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    {
      key: 'reason',
      title: t('assessment.warning.reason'),
      render: (_, w) => w.reasons.map((r) => pairText(r.text, lang)).join('；'),
    },
    { key: 'scale', title: t('assessment.common.scale'), dataIndex: 'scaleName' },
    { key: 'plan', title: t('assessment.common.plan'), dataIndex: 'planName', render: shownName },
    {
      key: 'status',
      title: t('assessment.warning.status'),
      render: (_, w) => (
        <Tag color={STATUS_COLOURS[w.status]}>
          {t(`assessment.warning.statuses.${w.status as 1 | 2 | 3 | 4}`)}
        </Tag>
      ),
    },
    {
      key: 'time',
      title: t('assessment.warning.time'),
      render: (_, w) => formatDateTime(w.createTime, lang),
    },
    {
      key: 'actions',
      title: t('assessment.common.actions'),
      alwaysShown: true,
      render: (_, w) => {
        const who = w.realName ?? t('assessmentReport.anonymous');
        return (
          <>
            <RowButton
              label={t('assessment.common.details')}
              ariaLabel={`${t('assessment.common.details')} ${who}`}
              onClick={() => setViewing(w)}
            />
            {buttons.warningHandle && (w.status === 1 || w.status === 2) && (
              <RowButton
                label={t('assessment.warning.handle')}
                ariaLabel={`${t('assessment.warning.handle')} ${who}`}
                onClick={() => setHandling(w)}
              />
            )}
            {buttons.followUp && w.userId !== null && (
              <RowButton
                label={t('assessment.warning.followUp')}
                ariaLabel={`${t('assessment.warning.followUp')} ${who}`}
                onClick={() =>
                  go(pathWith(FOLLOW_UP_PATHS[1], { userId: w.userId, warningId: w.id, add: 1 }))
                }
              />
            )}
            {buttons.rainbow && w.userId !== null && (
              <RowButton
                label={t('assessment.rainbow.short')}
                ariaLabel={`${t('assessment.rainbow.short')} ${who}`}
                onClick={() => go(pathWith(ASSESSMENT_PATHS.rainbow, { userId: w.userId }))}
              />
            )}
          </>
        );
      },
    },
  ];

  return (
    <AdminPage
      title={
        <Flex gap={8} align="center">
          {t('assessment.warning.title')}
          <Badge count={count.data?.total ?? 0} data-testid="warning-count" />
        </Flex>
      }
      intro={t('assessment.warning.intro')}
    >
      <FilterForm<WarningFilter>
        name="warning-filter"
        label={t('assessment.warning.title')}
        layout="inline"
        onSearch={({ status, ...values }) =>
          list.search(values.open === false && status ? { ...values, status } : values)
        }
        fields={[
          <Form.Item key="open" name="open" label={t('assessment.warning.show')} initialValue={true}>
            <Radio.Group
              optionType="button"
              options={[
                { value: true, label: t('assessment.warning.openOnly') },
                { value: false, label: t('assessment.warning.all') },
              ]}
            />
          </Form.Item>,
          // A state is chosen among all warnings: with "open only" it would mostly find nothing.
          <Form.Item key="status" noStyle dependencies={['open']}>
            {({ getFieldValue }) => (
              <Form.Item name="status" label={t('assessment.warning.status')}>
                <Select
                  allowClear
                  disabled={getFieldValue('open') !== false}
                  style={{ width: 160 }}
                  options={([1, 2, 3, 4] as const).map((v) => ({
                    value: v,
                    label: t(`assessment.warning.statuses.${v}`),
                  }))}
                />
              </Form.Item>
            )}
          </Form.Item>,
          <Form.Item key="level" name="level" label={t('assessment.warning.level')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={[1, 2].map((v) => ({ value: v, label: t(`assessment.warning.levels.${v as 1 | 2}`) }))}
            />
          </Form.Item>,
        ]}
      />
      <AdminTable<AssessmentWarning>
        rowKey="id"
        columns={columns}
        query={warnings}
        list={list}
        columnSettingsId="assessment-warnings"
        scrollX={1200}
        testId="warning-table"
      />
      {handling && <HandleDialog warning={handling} onClose={() => setHandling(null)} />}
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={t('assessment.warning.detail')}
        size="large"
      >
        {viewing && <WarningDetail warning={viewing} />}
      </Drawer>
    </AdminPage>
  );
}

function WarningDetail({ warning: w }: { warning: AssessmentWarning }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const go = useGo();
  const buttons = useAssessmentButtons();
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'person',
            label: t('assessment.common.person'),
            children: <PersonText realName={w.realName} numberName={w.numberName} anonymous={w.anonymous} />,
          },
          { key: 'dept', label: t('assessment.common.dept'), children: shownPath(w.deptName) ?? '-' },
          { key: 'plan', label: t('assessment.common.plan'), children: shownName(w.planName) },
          { key: 'scale', label: t('assessment.common.scale'), children: w.scaleName },
          { key: 'risk', label: t('assessmentReport.riskScore'), children: w.riskScore ?? '-' },
          { key: 'time', label: t('assessment.warning.time'), children: formatDateTime(w.createTime, lang) },
          {
            key: 'delivered',
            label: t('assessment.warning.delivered'),
            children: w.deliveredTime
              ? `${formatDateTime(w.deliveredTime, lang)} · ${w.handedTo === 'crisis' ? t('assessment.warning.toCrisis') : t('assessment.warning.toMessage')}`
              : t('assessment.warning.notDelivered'),
          },
          {
            key: 'handled',
            label: t('assessment.warning.handledBy'),
            children: w.handleUserName
              ? `${w.handleUserName} · ${w.handleTime ? formatDateTime(w.handleTime, lang) : ''}${w.handleNote ? ` · ${w.handleNote}` : ''}`
              : '-',
          },
        ]}
      />
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('assessment.warning.reasons')}
      </Typography.Title>
      <ul>
        {w.reasons.map((r, i) => (
          <li key={i}>
            {pairText(r.text, lang)}
            {r.item !== null &&
              ` — ${t('assessmentReport.criticalItem', {
                no: r.item,
                text: pairText(r.itemText, lang),
                option: pairText(r.optionLabel, lang),
              })}`}
          </li>
        ))}
      </ul>
      {buttons.resultView && (
        <a
          onClick={() => go(pathWith(ASSESSMENT_PATHS.report, { answerId: w.answerId }))}
          role="button"
          tabIndex={0}
        >
          {t('assessment.report.open')}
        </a>
      )}
    </>
  );
}

function HandleDialog({ warning, onClose }: { warning: AssessmentWarning; onClose: () => void }) {
  const { t } = useTranslation();
  const handle = useHandleWarning();
  return (
    <FormDialog<{ status: 2 | 3; note?: string }>
      title={t('assessment.warning.handleTitle', {
        name: warning.realName ?? t('assessmentReport.anonymous'),
      })}
      name="warning-handle"
      initialValues={{ status: warning.status === 1 ? 2 : 3 }}
      serverFields={['status', 'note']}
      onSubmit={(values) => handle.mutateAsync({ id: warning.id, status: values.status, note: values.note })}
      onClose={onClose}
    >
      <Form.Item name="status" label={t('assessment.warning.status')}>
        <Radio.Group
          options={[
            { value: 2, label: t('assessment.warning.statuses.2') },
            { value: 3, label: t('assessment.warning.statuses.3') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['status']}>
        {({ getFieldValue }) => (
          <Form.Item
            name="note"
            label={t('assessment.warning.note')}
            rules={
              getFieldValue('status') === 3
                ? [{ required: true, whitespace: true, message: t('assessment.warning.noteRequired') }]
                : []
            }
          >
            <Input.TextArea maxLength={1000} autoSize={{ minRows: 3 }} />
          </Form.Item>
        )}
      </Form.Item>
    </FormDialog>
  );
}
