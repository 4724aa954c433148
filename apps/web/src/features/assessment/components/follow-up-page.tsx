import { Button, Form, Input, InputNumber, Radio, Select, Tag } from 'antd';
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
import { shownPath } from '../../../shared/lib/seeded-names';
import { useFocusSettingOptions } from '../../focus-settings';
import { useFollowUpPage, useSaveFollowUp, type FollowUp, type FollowUpInput } from '../api/after';
import { gradeLetter } from '../lib/labels';
import { FOLLOW_UP_PATHS, pathWith, readId, type FollowUpType } from '../lib/paths';
import { UserMultiPicker } from './audience-pickers';
import { RiskTag, useAssessmentButtons, useGo } from './common';

const typeOfPath = (path: string): FollowUpType =>
  (Object.entries(FOLLOW_UP_PATHS).find(([, p]) => p === path)?.[0] ?? '1') as unknown as FollowUpType;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The follow-up records of spec S1.2.12 (`/anFollowUpVisit/followInfo` visits, `/anAssIntervention`
 * interventions, `/anAssInterReceipt` receipts, `/anFollowUpAssTable` and `/assessmentTable` assessment
 * tables), one page per type: the records (of one person with `?userId=`) and a new record; records are
 * never rewritten, an amendment is a new record naming the one it amends.
 */
export function FollowUpPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const go = useGo();
  const { path, search } = usePageInfo();
  const type = Number(typeOfPath(path)) as FollowUpType;
  const userId = readId(search, 'userId');
  const warningId = readId(search, 'warningId');
  const buttons = useAssessmentButtons();
  const list = useAdminList<object>({});
  const rows = useFollowUpPage({ type, ...(userId ? { userId } : {}), ...list.query });
  const [adding, setAdding] = useState<{ amends?: FollowUp } | null>(search.get('add') ? {} : null);
  const methods = useFocusSettingOptions(3, lang);
  const measures = useFocusSettingOptions(2, lang);
  const nameOf = (options: { id: number; label: string }[] | undefined, id: number | null) =>
    options?.find((o) => o.id === id)?.label ?? (id === null ? '-' : `#${id}`);

  const columns: AdminColumn<FollowUp>[] = [
    { key: 'person', title: t('assessment.common.person'), dataIndex: 'realName', alwaysShown: true },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    { key: 'date', title: t('assessment.followUp.date'), dataIndex: 'date' },
    ...(type === 1
      ? [
          {
            key: 'method',
            title: t('assessment.followUp.method'),
            render: (_: unknown, r: FollowUp) => nameOf(methods.data, r.method),
          },
          { key: 'next', title: t('assessment.followUp.nextDate'), dataIndex: 'nextDate' },
        ]
      : []),
    ...(type === 2
      ? [
          {
            key: 'measures',
            title: t('assessment.followUp.measures'),
            render: (_: unknown, r: FollowUp) => r.measures.map((m) => nameOf(measures.data, m)).join('、'),
          },
          { key: 'hours', title: t('assessment.followUp.hours'), dataIndex: 'hours' },
        ]
      : []),
    ...(type === 3
      ? [
          { key: 'receiver', title: t('assessment.followUp.receiver'), dataIndex: 'receiver' },
          { key: 'feedback', title: t('assessment.followUp.feedback'), dataIndex: 'feedback' },
        ]
      : []),
    ...(type >= 4
      ? [
          {
            key: 'risk',
            title: t('assessmentReport.riskGrade'),
            render: (_: unknown, r: FollowUp) => <RiskTag grade={r.riskGrade} />,
          },
          {
            key: 'grade',
            title: t('assessment.interview.grade'),
            render: (_: unknown, r: FollowUp) => gradeLetter(r.level) || '-',
          },
        ]
      : []),
    { key: 'content', title: t('assessment.followUp.content'), dataIndex: 'content', ellipsis: true },
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
          {r.amendsId && <Tag>{t('assessment.followUp.amends', { id: r.amendsId })}</Tag>}
          {buttons.followUp && (
            <RowButton
              label={t('assessment.followUp.amend')}
              ariaLabel={`${t('assessment.followUp.amend')} ${r.realName}`}
              onClick={() => setAdding({ amends: r })}
            />
          )}
          {type === 2 && buttons.followUp && (
            <RowButton
              label={t('assessment.followUp.addReceipt')}
              ariaLabel={`${t('assessment.followUp.addReceipt')} ${r.realName}`}
              onClick={() =>
                go(pathWith(FOLLOW_UP_PATHS[3], { userId: r.userId, interventionId: r.id, add: 1 }))
              }
            />
          )}
        </>
      ),
    },
  ];

  return (
    <AdminPage
      title={t(`assessment.followUp.types.${type}`)}
      intro={t('assessment.followUp.intro')}
      extra={
        buttons.followUp && (
          <Button type="primary" onClick={() => setAdding({})}>
            {t('assessment.followUp.add')}
          </Button>
        )
      }
    >
      <AdminTable<FollowUp>
        rowKey="id"
        columns={columns}
        query={rows}
        list={list}
        scrollX={1100}
        testId="follow-up-table"
      />
      {adding && (
        <FollowUpDialog
          type={type}
          userId={adding.amends?.userId ?? userId}
          warningId={warningId}
          interventionId={readId(search, 'interventionId')}
          amends={adding.amends ?? null}
          onClose={() => setAdding(null)}
        />
      )}
    </AdminPage>
  );
}

type Values = Omit<FollowUpInput, 'type'>;

function FollowUpDialog({
  type,
  userId,
  warningId,
  interventionId,
  amends,
  onClose,
}: {
  type: FollowUpType;
  userId: number | null;
  warningId: number | null;
  interventionId: number | null;
  amends: FollowUp | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const save = useSaveFollowUp();
  const methods = useFocusSettingOptions(3, lang);
  const measures = useFocusSettingOptions(2, lang);
  const interventions = useFollowUpPage({ type: 2, userId: userId ?? undefined, current: 1, size: 100 });
  const initial: Partial<Values> = amends
    ? {
        userId: amends.userId,
        date: amends.date,
        method: amends.method ?? undefined,
        measures: amends.measures,
        hours: amends.hours ?? undefined,
        content: amends.content ?? undefined,
        receiver: amends.receiver ?? undefined,
        feedback: amends.feedback ?? undefined,
        riskScore: amends.riskScore ?? undefined,
        level: amends.level ?? undefined,
        nextDate: amends.nextDate ?? undefined,
        interventionId: amends.interventionId ?? undefined,
      }
    : {
        userId: userId ?? undefined,
        date: today(),
        measures: [],
        interventionId: interventionId ?? undefined,
      };
  return (
    <FormDialog<Values>
      title={
        amends
          ? t('assessment.followUp.amendTitle')
          : t('assessment.followUp.addTitle', { type: t(`assessment.followUp.types.${type}`) })
      }
      name="follow-up"
      width={640}
      initialValues={initial}
      serverFields={[
        'userId',
        'date',
        'method',
        'measures',
        'hours',
        'content',
        'receiver',
        'feedback',
        'riskScore',
        'level',
        'nextDate',
        'interventionId',
      ]}
      onSubmit={(values) =>
        save.mutateAsync({
          ...values,
          type,
          ...(warningId ? { warningId } : {}),
          ...(amends ? { amendsId: amends.id } : {}),
        })
      }
      onClose={onClose}
      okTestId="follow-up-ok"
    >
      <Form.Item name="userId" label={t('assessment.common.person')} rules={[{ required: true }]}>
        <UserMultiPicker mode="single" />
      </Form.Item>
      <Form.Item name="date" label={t('assessment.followUp.date')} rules={[{ required: true }]}>
        <Input type="date" />
      </Form.Item>
      {type === 1 && (
        <>
          <Form.Item name="method" label={t('assessment.followUp.method')}>
            <Select allowClear options={(methods.data ?? []).map((o) => ({ value: o.id, label: o.label }))} />
          </Form.Item>
          <Form.Item name="nextDate" label={t('assessment.followUp.nextDate')}>
            <Input type="date" />
          </Form.Item>
        </>
      )}
      {type === 2 && (
        <>
          <Form.Item name="measures" label={t('assessment.followUp.measures')}>
            <Select
              mode="multiple"
              options={(measures.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
            />
          </Form.Item>
          <Form.Item name="hours" label={t('assessment.followUp.hours')}>
            <InputNumber min={0} max={999} style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
      {type === 3 && (
        <>
          <Form.Item
            name="interventionId"
            label={t('assessment.followUp.intervention')}
            rules={[{ required: true }]}
          >
            <Select
              options={(interventions.data?.records ?? []).map((r) => ({
                value: r.id,
                label: `${r.date} · ${r.content ?? ''}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="receiver" label={t('assessment.followUp.receiver')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="feedback" label={t('assessment.followUp.feedback')}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2 }} />
          </Form.Item>
        </>
      )}
      {type >= 4 && (
        <>
          <Form.Item
            name="riskScore"
            label={t('assessment.interview.riskScore')}
            tooltip={t('assessment.interview.riskHint')}
          >
            <InputNumber min={0} max={100} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="level" label={t('assessment.interview.grade')}>
            <Radio.Group options={[1, 2, 3, 4].map((v) => ({ value: v, label: gradeLetter(v) }))} />
          </Form.Item>
        </>
      )}
      <Form.Item name="content" label={t('assessment.followUp.content')}>
        <Input.TextArea maxLength={5000} autoSize={{ minRows: 3 }} />
      </Form.Item>
    </FormDialog>
  );
}
