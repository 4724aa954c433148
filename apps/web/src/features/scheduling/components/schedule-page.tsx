import { hasPermission, seededName, seededPlace, SLOT_CATEGORIES, type Slot } from '@psy/contracts';
import { App, Button, Flex, Form, Input, Segmented, Select, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useBatchAction, useConfirmAction } from '../../../shared/admin/confirm-action';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { showToast } from '../../../shared/ui/feedback';
import {
  LEAVE_STATUS_COLOURS,
  LeaveEffectText,
  leavePeriod,
  schoolToday,
  sessionTime,
  shiftDay,
  slotStatusLabel,
  useCounsellorLeaves,
  useSaveCounsellorLeave,
  useSchoolZone,
  type CounsellorLeave,
  type LeavePeriodValues,
} from '../../appointments';
import { useUserInfo } from '../../auth';
import {
  useAssignRoom,
  useCompleteDuty,
  useCounsellors,
  useDecideCounsellorLeave,
  useDeleteHoliday,
  useDeleteSlots,
  useDeleteTerm,
  useGenerate,
  useHolidays,
  useSaveHoliday,
  useSaveSlots,
  useSaveTemplate,
  useSaveTerm,
  useSites,
  useSlotPage,
  useTemplate,
  useTerms,
  type TemplateItem,
} from '../api/scheduling';
import styles from './scheduling.module.css';

const ScheduleCalendar = lazy(() =>
  import('./schedule-calendar').then((m) => ({ default: m.ScheduleCalendar })),
);

/**
 * `/appointment/schedule/index` (S1.7.10-S1.7.14): the week and month calendar of every counsellor (or
 * one), slots by date (add, delete, room), telephone and on-site duty shifts, counsellors' leave (decided
 * here, with what it does to the schedule), week templates and generating a term, terms and holidays.
 * Changing needs `consult_schedule_edit`; without it the page is read-only.
 */
export function SchedulePage() {
  const { t } = useTranslation();
  const canEdit = hasPermission(useUserInfo().data?.permissions, 'consult_schedule_edit');
  const counsellors = useCounsellors();
  const [counsellorId, setCounsellorId] = useState<number | undefined>();
  const counsellorPicker = (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      className={styles.toolbarSelect}
      placeholder={t('scheduling.schedule.allCounsellors')}
      aria-label={t('scheduling.schedule.counsellor')}
      value={counsellorId}
      onChange={setCounsellorId}
      options={(counsellors.data ?? []).map((c) => ({ value: c.id, label: c.realName }))}
    />
  );
  return (
    <AdminPage title={t('scheduling.schedule.title')} intro={t('scheduling.schedule.intro')}>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'calendar',
            label: t('scheduling.schedule.tabs.calendar'),
            children: (
              <Flex vertical gap={8}>
                {counsellorPicker}
                <Suspense fallback={<Spin />}>
                  <ScheduleCalendar counsellorId={counsellorId} />
                </Suspense>
              </Flex>
            ),
          },
          {
            key: 'slots',
            label: t('scheduling.schedule.tabs.slots'),
            children: (
              <SlotList counsellorPicker={counsellorPicker} counsellorId={counsellorId} canEdit={canEdit} />
            ),
          },
          {
            key: 'duty',
            label: t('scheduling.schedule.tabs.duty'),
            children: (
              <DutyShifts counsellorPicker={counsellorPicker} counsellorId={counsellorId} canEdit={canEdit} />
            ),
          },
          {
            key: 'leave',
            label: t('scheduling.schedule.tabs.leave'),
            children: (
              <LeaveList counsellorPicker={counsellorPicker} counsellorId={counsellorId} canEdit={canEdit} />
            ),
          },
          ...(canEdit
            ? [
                { key: 'templates', label: t('scheduling.schedule.tabs.templates'), children: <Templates /> },
                { key: 'terms', label: t('scheduling.schedule.tabs.terms'), children: <TermsAndHolidays /> },
              ]
            : []),
        ]}
      />
    </AdminPage>
  );
}

function categoryOptions(t: (key: 'scheduling.schedule.categoryN', o: { n: number }) => string) {
  return SLOT_CATEGORIES.map((n) => ({ value: n, label: t('scheduling.schedule.categoryN', { n }) }));
}

function SlotList({
  counsellorPicker,
  counsellorId,
  canEdit,
}: {
  counsellorPicker: React.ReactNode;
  counsellorId?: number;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const [startDate, setStartDate] = useState(() => schoolToday(zone));
  const list = useAdminList<object>({});
  const page = useSlotPage({
    ...list.query,
    startDate,
    endDate: shiftDay(startDate, 6),
    ...(counsellorId ? { counsellorId } : {}),
  });
  const sites = useSites();
  const remove = useDeleteSlots();
  const assign = useAssignRoom();
  const batch = useBatchAction(list.selected);
  const [roomId, setRoomId] = useState<number | undefined>();
  const [adding, setAdding] = useState(false);
  const rooms = (sites.data ?? []).flatMap((s) =>
    s.rooms.map((r) => ({ value: r.id, label: seededPlace([s.name, r.name], lang) })),
  );
  const columns: AdminColumn<Slot>[] = [
    {
      key: 'time',
      title: t('scheduling.schedule.time'),
      alwaysShown: true,
      render: (_: unknown, s) => sessionTime(s.startTime, s.endTime, zone, lang),
    },
    {
      key: 'counsellor',
      title: t('scheduling.schedule.counsellor'),
      dataIndex: 'counsellorName',
      alwaysShown: true,
    },
    {
      key: 'place',
      title: t('scheduling.schedule.place'),
      render: (_: unknown, s) => seededPlace([s.siteName, s.roomName], lang),
    },
    {
      key: 'kind',
      title: t('scheduling.schedule.kind'),
      render: (_: unknown, s) =>
        s.kind === 'consult'
          ? t('scheduling.schedule.categoryN', { n: s.category })
          : t(`scheduling.schedule.kinds.${s.kind}`),
    },
    {
      key: 'status',
      title: t('scheduling.schedule.status'),
      alwaysShown: true,
      render: (_: unknown, s) => (
        <Flex vertical gap={2} align="start">
          <Tag>{s.kind === 'consult' ? slotStatusLabel(s.status, lang) : (s.dutyStatus ?? '')}</Tag>
          {s.appointments.map((a) => (
            <Typography.Text key={a.id}>{a.visitorName}</Typography.Text>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <AdminTable<Slot>
        rowKey="id"
        testId="slot-table"
        columns={columns}
        query={page}
        list={list}
        selectable={canEdit}
        columnSettingsId="schedule-slots"
        scrollX={860}
        toolbar={
          <Flex gap={8} wrap align="center">
            {counsellorPicker}
            <Input
              type="date"
              className={styles.toolbarSelect}
              aria-label={t('scheduling.schedule.from')}
              value={startDate}
              onChange={(e) => e.target.value && setStartDate(e.target.value)}
            />
            {canEdit && (
              <>
                <Button type="primary" onClick={() => setAdding(true)} data-testid="slot-add">
                  {t('scheduling.schedule.add')}
                </Button>
                <Button
                  danger
                  onClick={() =>
                    batch({
                      title: (n) => t('scheduling.schedule.deleteTitle', { n }),
                      isDanger: true,
                      action: (ids) => remove.mutateAsync(ids.map(Number)),
                      successText: t('scheduling.schedule.deleted'),
                      onDone: () => list.deleted(page.data?.total ?? 0, list.selected.length),
                    })
                  }
                >
                  {t('scheduling.schedule.delete')}
                </Button>
                <Select
                  allowClear
                  className={styles.toolbarSelect}
                  placeholder={t('scheduling.schedule.room')}
                  aria-label={t('scheduling.schedule.room')}
                  value={roomId}
                  onChange={setRoomId}
                  options={rooms}
                />
                <Button
                  onClick={() =>
                    batch({
                      title: (n) => t('scheduling.schedule.assignTitle', { n }),
                      noneTickedText: t('scheduling.schedule.tickSlots'),
                      action: (ids) => assign.mutateAsync({ ids: ids.map(Number), roomId: roomId ?? null }),
                      successText: t('scheduling.schedule.assigned'),
                    })
                  }
                >
                  {t('scheduling.schedule.assign')}
                </Button>
              </>
            )}
          </Flex>
        }
      />
      {adding && <AddSlotsDialog onClose={() => setAdding(false)} />}
    </>
  );
}

type DutyKind = 'telephone' | 'manned';
const DUTY_STATUS_COLOURS = { ok: 'blue', appointment: 'purple', complete: 'default' } as const;

/**
 * Telephone and on-site duty shifts (S1.7.11 telephoneWorkList, duty status ok / appointment / complete):
 * a week from a day, added by date, deleted while nobody is booked in them, closed when the duty is over.
 */
function DutyShifts({
  counsellorPicker,
  counsellorId,
  canEdit,
}: {
  counsellorPicker: React.ReactNode;
  counsellorId?: number;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const [kind, setKind] = useState<DutyKind>('telephone');
  const [startDate, setStartDate] = useState(() => schoolToday(zone));
  const list = useAdminList<object>({});
  const page = useSlotPage({
    ...list.query,
    kind,
    startDate,
    endDate: shiftDay(startDate, 6),
    ...(counsellorId ? { counsellorId } : {}),
  });
  const remove = useDeleteSlots();
  const complete = useCompleteDuty();
  const batch = useBatchAction(list.selected);
  const confirm = useConfirmAction();
  const [adding, setAdding] = useState(false);
  const columns: AdminColumn<Slot>[] = [
    {
      key: 'time',
      title: t('scheduling.schedule.time'),
      alwaysShown: true,
      render: (_: unknown, s) => sessionTime(s.startTime, s.endTime, zone, lang),
    },
    {
      key: 'counsellor',
      title: t('scheduling.schedule.counsellor'),
      dataIndex: 'counsellorName',
      alwaysShown: true,
    },
    {
      key: 'place',
      title: t('scheduling.schedule.place'),
      render: (_: unknown, s) => seededPlace([s.siteName, s.roomName], lang),
    },
    {
      key: 'status',
      title: t('scheduling.schedule.status'),
      alwaysShown: true,
      render: (_: unknown, s) => (
        <Flex vertical gap={2} align="start">
          {s.dutyStatus && (
            <Tag color={DUTY_STATUS_COLOURS[s.dutyStatus]}>
              {t(`scheduling.schedule.dutyStatus.${s.dutyStatus}`)}
            </Tag>
          )}
          {s.appointments.map((a) => (
            <Typography.Text key={a.id}>{a.visitorName}</Typography.Text>
          ))}
        </Flex>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('scheduling.schedule.actions'),
            alwaysShown: true,
            render: (_: unknown, s: Slot) =>
              s.dutyStatus !== 'complete' && (
                <RowButton
                  label={t('scheduling.schedule.closeDuty')}
                  ariaLabel={`${t('scheduling.schedule.closeDuty')} ${s.counsellorName}`}
                  onClick={() =>
                    confirm({
                      title: t('scheduling.schedule.closeDutyTitle'),
                      action: () => complete.mutateAsync(s.id),
                      successText: t('scheduling.schedule.dutyClosed'),
                    })
                  }
                />
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      <AdminTable<Slot>
        rowKey="id"
        testId="duty-table"
        columns={columns}
        query={page}
        list={list}
        selectable={canEdit}
        columnSettingsId="schedule-duty"
        scrollX={760}
        emptyText={t('scheduling.schedule.noDuty')}
        toolbar={
          <Flex gap={8} wrap align="center">
            <Segmented<DutyKind>
              value={kind}
              onChange={(v) => {
                setKind(v);
                list.search(list.filter);
              }}
              options={(['telephone', 'manned'] as const).map((value) => ({
                value,
                label: t(`scheduling.schedule.kinds.${value}`),
              }))}
            />
            {counsellorPicker}
            <Input
              type="date"
              className={styles.toolbarSelect}
              aria-label={t('scheduling.schedule.from')}
              value={startDate}
              onChange={(e) => e.target.value && setStartDate(e.target.value)}
            />
            {canEdit && (
              <>
                <Button type="primary" onClick={() => setAdding(true)} data-testid="duty-add">
                  {t('scheduling.schedule.addDuty')}
                </Button>
                <Button
                  danger
                  onClick={() =>
                    batch({
                      title: (n) => t('scheduling.schedule.deleteDutyTitle', { n }),
                      isDanger: true,
                      action: (ids) => remove.mutateAsync(ids.map(Number)),
                      successText: t('scheduling.schedule.deleted'),
                      onDone: () => list.deleted(page.data?.total ?? 0, list.selected.length),
                    })
                  }
                >
                  {t('scheduling.schedule.delete')}
                </Button>
              </>
            )}
          </Flex>
        }
      />
      {adding && <AddSlotsDialog kind={kind} onClose={() => setAdding(false)} />}
    </>
  );
}

type LeaveView = 'pending' | 'all';

/**
 * Counsellors' leave: the pending requests first, each with what approving would do (sessions cancelled,
 * slots withdrawn); approve or reject with a comment; a leave recorded here for a counsellor takes effect
 * at once.
 */
function LeaveList({
  counsellorPicker,
  counsellorId,
  canEdit,
}: {
  counsellorPicker: React.ReactNode;
  counsellorId?: number;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const { modal } = App.useApp();
  const [view, setView] = useState<LeaveView>('pending');
  const leaves = useCounsellorLeaves({
    ...(counsellorId ? { counsellorId } : {}),
    ...(view === 'pending' ? { status: 'pending' as const } : {}),
  });
  const decide = useDecideCounsellorLeave();
  const [adding, setAdding] = useState(false);

  const ask = (leave: CounsellorLeave, status: 'approved' | 'rejected') => {
    let comment = '';
    modal.confirm({
      title: t(status === 'approved' ? 'scheduling.leave.approveTitle' : 'scheduling.leave.rejectTitle', {
        name: leave.counsellorName,
      }),
      okText: t(status === 'approved' ? 'scheduling.leave.approve' : 'scheduling.leave.reject'),
      okButtonProps: status === 'rejected' ? { danger: true } : undefined,
      cancelText: t('common.cancel'),
      content: (
        <Flex vertical gap={8}>
          <LeaveEffectText leave={leave} />
          <Input.TextArea
            maxLength={200}
            aria-label={t('scheduling.approvals.comment')}
            placeholder={t('scheduling.approvals.comment')}
            onChange={(e) => (comment = e.target.value)}
          />
        </Flex>
      ),
      onOk: async () => {
        try {
          await decide.mutateAsync({
            id: leave.id,
            status,
            ...(comment.trim() ? { comment: comment.trim() } : {}),
          });
          showToast('success', t(`scheduling.leave.decided.${status}`));
        } catch {
          // The request layer said why.
        }
      },
    });
  };

  const columns: AdminColumn<CounsellorLeave>[] = [
    {
      key: 'counsellor',
      title: t('scheduling.schedule.counsellor'),
      dataIndex: 'counsellorName',
      alwaysShown: true,
    },
    {
      key: 'period',
      title: t('scheduling.leave.period'),
      alwaysShown: true,
      render: (_: unknown, l) => sessionTime(l.startTime, l.endTime, zone, lang),
    },
    { key: 'reason', title: t('scheduling.approvals.reason'), render: (_: unknown, l) => l.reason ?? '' },
    {
      key: 'effect',
      title: t('scheduling.leave.effect'),
      render: (_: unknown, l) => <LeaveEffectText leave={l} />,
    },
    {
      key: 'status',
      title: t('scheduling.schedule.status'),
      alwaysShown: true,
      render: (_: unknown, l) => (
        <Flex vertical gap={2} align="start">
          <Tag color={LEAVE_STATUS_COLOURS[l.status]}>{t(`appointments.leave.status.${l.status}`)}</Tag>
          {l.comment && <Typography.Text type="secondary">{l.comment}</Typography.Text>}
        </Flex>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('scheduling.schedule.actions'),
            alwaysShown: true,
            render: (_: unknown, l: CounsellorLeave) =>
              l.status === 'pending' && (
                <Flex gap={4} wrap>
                  <Button
                    size="small"
                    type="primary"
                    aria-label={`${t('scheduling.leave.approve')} ${l.counsellorName}`}
                    onClick={() => ask(l, 'approved')}
                  >
                    {t('scheduling.leave.approve')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    aria-label={`${t('scheduling.leave.reject')} ${l.counsellorName}`}
                    onClick={() => ask(l, 'rejected')}
                  >
                    {t('scheduling.leave.reject')}
                  </Button>
                </Flex>
              ),
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Segmented<LeaveView>
          value={view}
          onChange={setView}
          options={(['pending', 'all'] as const).map((value) => ({
            value,
            label: t(`scheduling.leave.views.${value}`),
          }))}
        />
        {counsellorPicker}
        {canEdit && (
          <Button onClick={() => setAdding(true)} data-testid="leave-add">
            {t('scheduling.leave.add')}
          </Button>
        )}
      </Flex>
      <div data-testid="leave-table">
        <Table<CounsellorLeave>
          rowKey="id"
          size="small"
          loading={leaves.isFetching}
          dataSource={leaves.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('scheduling.leave.empty') }}
        />
      </div>
      {adding && <AddLeaveDialog onClose={() => setAdding(false)} />}
    </Flex>
  );
}

interface LeaveValues extends LeavePeriodValues {
  counsellorId: number;
  reason?: string;
}

function AddLeaveDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useSchoolZone();
  const counsellors = useCounsellors();
  const save = useSaveCounsellorLeave();
  const today = schoolToday(zone);
  return (
    <FormDialog<LeaveValues>
      title={t('scheduling.leave.add')}
      name="leave-form"
      initialValues={{ startDate: today, startTime: '08:00', endDate: today, endTime: '18:00' }}
      serverFields={['counsellorId', 'reason', 'startTime', 'endTime']}
      fieldOf={{ startTime: 'startDate', endTime: 'endDate' }}
      successText={(r) =>
        t('scheduling.leave.recorded', {
          appointments: (r as CounsellorLeave).cancelledAppointments,
          slots: (r as CounsellorLeave).withdrawnSlots,
        })
      }
      onSubmit={(v) =>
        save.mutateAsync({
          counsellorId: v.counsellorId,
          // The end's rule below has checked that the period is not empty.
          ...leavePeriod(v, zone)!,
          ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
        })
      }
      onClose={onClose}
    >
      <Form.Item name="counsellorId" label={t('scheduling.schedule.counsellor')} rules={[{ required: true }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={(counsellors.data ?? []).map((c) => ({ value: c.id, label: c.realName }))}
        />
      </Form.Item>
      <Flex gap={8}>
        <Form.Item name="startDate" label={t('appointments.leave.startDate')} rules={[{ required: true }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="startTime" label={t('appointments.leave.startTime')} rules={[{ required: true }]}>
          <Input type="time" />
        </Form.Item>
      </Flex>
      <Flex gap={8}>
        <Form.Item name="endDate" label={t('appointments.leave.endDate')} rules={[{ required: true }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={t('appointments.leave.endTime')}
          dependencies={['startDate', 'startTime', 'endDate']}
          rules={[
            { required: true },
            ({ getFieldsValue }) => ({
              validator: () =>
                leavePeriod(getFieldsValue() as LeaveValues, zone)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('appointments.leave.endAfterStart'))),
            }),
          ]}
        >
          <Input type="time" />
        </Form.Item>
      </Flex>
      <Form.Item name="reason" label={t('appointments.leave.reason')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

interface AddValues {
  counsellorId: number;
  siteId: number;
  roomId?: number;
  category: number;
  date: string;
  startTime: string;
  endTime: string;
}

function AddSlotsDialog({ kind = 'consult', onClose }: { kind?: 'consult' | DutyKind; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const counsellors = useCounsellors();
  const sites = useSites();
  const save = useSaveSlots();
  const [form] = Form.useForm<AddValues>();
  const siteId = Form.useWatch('siteId', form);
  const rooms = sites.data?.find((s) => s.id === siteId)?.rooms ?? [];
  return (
    <FormDialog<AddValues>
      title={kind === 'consult' ? t('scheduling.schedule.add') : t(`scheduling.schedule.addKind.${kind}`)}
      name={kind === 'consult' ? 'slot-form' : 'duty-form'}
      form={form}
      initialValues={{ category: 2, startTime: '09:00', endTime: '10:00' }}
      serverFields={['counsellorId', 'siteId', 'roomId', 'category']}
      onSubmit={(v) =>
        save.mutateAsync({
          counsellorId: v.counsellorId,
          siteId: v.siteId,
          roomId: v.roomId ?? null,
          kind,
          ...(kind === 'consult' ? { category: v.category } : {}),
          slots: [{ date: v.date, startTime: v.startTime, endTime: v.endTime }],
        })
      }
      onClose={onClose}
    >
      <Form.Item name="counsellorId" label={t('scheduling.schedule.counsellor')} rules={[{ required: true }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={(counsellors.data ?? []).map((c) => ({ value: c.id, label: c.realName }))}
        />
      </Form.Item>
      <Form.Item name="siteId" label={t('scheduling.schedule.site')} rules={[{ required: true }]}>
        <Select options={(sites.data ?? []).map((s) => ({ value: s.id, label: seededName(s.name, lang) }))} />
      </Form.Item>
      <Form.Item name="roomId" label={t('scheduling.schedule.room')}>
        <Select allowClear options={rooms.map((r) => ({ value: r.id, label: seededName(r.name, lang) }))} />
      </Form.Item>
      {kind === 'consult' && (
        <Form.Item name="category" label={t('scheduling.schedule.category')} rules={[{ required: true }]}>
          <Select options={categoryOptions(t)} />
        </Form.Item>
      )}
      <Form.Item name="date" label={t('scheduling.schedule.date')} rules={[{ required: true }]}>
        <Input type="date" />
      </Form.Item>
      <Flex gap={8}>
        <Form.Item name="startTime" label={t('scheduling.schedule.start')} rules={[{ required: true }]}>
          <Input type="time" />
        </Form.Item>
        <Form.Item name="endTime" label={t('scheduling.schedule.end')} rules={[{ required: true }]}>
          <Input type="time" />
        </Form.Item>
      </Flex>
    </FormDialog>
  );
}

function Templates() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const counsellors = useCounsellors();
  const sites = useSites();
  const terms = useTerms();
  const [counsellorId, setCounsellorId] = useState<number | undefined>();
  const template = useTemplate(counsellorId);
  const save = useSaveTemplate();
  const generate = useGenerate();
  const [termId, setTermId] = useState<number | undefined>();
  const [draft, setDraft] = useState<TemplateItem[] | null>(null);
  const rows: TemplateItem[] =
    draft ??
    (template.data ?? []).map((r) => ({
      week: r.week,
      startTime: r.startTime,
      endTime: r.endTime,
      siteId: r.siteId,
      roomId: r.roomId,
      kind: r.kind,
      category: r.category,
    }));
  const [form] = Form.useForm<TemplateItem>();
  const siteName = (id: number) => {
    const name = sites.data?.find((s) => s.id === id)?.name;
    return name === undefined ? String(id) : seededName(name, lang);
  };
  return (
    <Flex vertical gap={12}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        className={styles.toolbarSelect}
        placeholder={t('scheduling.schedule.counsellor')}
        aria-label={t('scheduling.schedule.counsellor')}
        value={counsellorId}
        onChange={(v) => {
          setCounsellorId(v);
          setDraft(null);
        }}
        options={(counsellors.data ?? []).map((c) => ({ value: c.id, label: c.realName }))}
      />
      {counsellorId !== undefined && (
        <>
          <Flex vertical gap={4} data-testid="template-rows">
            {rows.map((r, i) => (
              <Flex key={`${r.week}-${r.startTime}-${i}`} gap={8} align="center">
                <Typography.Text>
                  {t(`scheduling.schedule.weekdays.${r.week as 1 | 2 | 3 | 4 | 5 | 6 | 7}`)} {r.startTime}-
                  {r.endTime} · {siteName(Number(r.siteId))} ·{' '}
                  {t('scheduling.schedule.categoryN', { n: r.category ?? 2 })}
                </Typography.Text>
                <RowButton
                  isDanger
                  label={t('scheduling.schedule.removeRow')}
                  onClick={() => setDraft(rows.filter((_, j) => j !== i))}
                />
              </Flex>
            ))}
          </Flex>
          <Form<TemplateItem>
            form={form}
            layout="inline"
            name="template-row"
            initialValues={{ week: 1, startTime: '09:00', endTime: '10:00', category: 2, kind: 'consult' }}
            onFinish={(v) => {
              setDraft([...rows, { ...v, kind: 'consult' }]);
            }}
          >
            <Form.Item name="week" label={t('scheduling.schedule.weekday')}>
              <Select
                options={[1, 2, 3, 4, 5, 6, 7].map((w) => ({
                  value: w,
                  label: t(`scheduling.schedule.weekdays.${w as 1 | 2 | 3 | 4 | 5 | 6 | 7}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="startTime" label={t('scheduling.schedule.start')}>
              <Input type="time" />
            </Form.Item>
            <Form.Item name="endTime" label={t('scheduling.schedule.end')}>
              <Input type="time" />
            </Form.Item>
            <Form.Item name="siteId" label={t('scheduling.schedule.site')} rules={[{ required: true }]}>
              <Select
                className={styles.toolbarSelect}
                options={(sites.data ?? []).map((s) => ({ value: s.id, label: seededName(s.name, lang) }))}
              />
            </Form.Item>
            <Form.Item name="category" label={t('scheduling.schedule.category')}>
              <Select options={categoryOptions(t)} />
            </Form.Item>
            <Button htmlType="submit">{t('scheduling.schedule.addRow')}</Button>
          </Form>
          <Flex gap={8}>
            <Button
              type="primary"
              disabled={draft === null}
              loading={save.isPending}
              onClick={() =>
                save.mutateAsync({ counsellorId, items: rows }).then(
                  () => {
                    setDraft(null);
                    showToast('success', t('adminKit.saved'));
                  },
                  () => undefined,
                )
              }
            >
              {t('scheduling.schedule.saveTemplate')}
            </Button>
          </Flex>
        </>
      )}
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('scheduling.schedule.generate')}</Typography.Text>
        <Select
          className={styles.toolbarSelect}
          placeholder={t('scheduling.schedule.term')}
          aria-label={t('scheduling.schedule.term')}
          value={termId}
          onChange={setTermId}
          options={(terms.data ?? []).map((term) => ({ value: term.id, label: seededName(term.name, lang) }))}
        />
        <Button
          disabled={termId === undefined}
          loading={generate.isPending}
          onClick={() =>
            generate.mutateAsync({ termId: termId!, counsellorIds: counsellorId ? [counsellorId] : [] }).then(
              (r) =>
                showToast(
                  'success',
                  t('scheduling.schedule.generated', {
                    created: r.created,
                    skipped: r.skipped.holiday + r.skipped.conflict + r.skipped.past + r.skipped.dst,
                  }),
                ),
              () => undefined,
            )
          }
        >
          {counsellorId ? t('scheduling.schedule.generateOne') : t('scheduling.schedule.generateAll')}
        </Button>
      </Flex>
    </Flex>
  );
}

interface RangeValues {
  name: string;
  startDate: string;
  endDate: string;
}

function TermsAndHolidays() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const terms = useTerms();
  const holidays = useHolidays();
  const saveTerm = useSaveTerm();
  const saveHoliday = useSaveHoliday();
  const deleteTerm = useDeleteTerm();
  const deleteHoliday = useDeleteHoliday();
  const confirm = useConfirmAction();
  const [dialog, setDialog] = useState<'term' | 'holiday' | null>(null);
  const section = (
    kind: 'term' | 'holiday',
    rows: readonly { id: number; name: string; startDate: string; endDate: string }[],
    remove: (id: number) => Promise<unknown>,
  ) => (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center">
        <Typography.Title level={2} className={styles.help}>
          {t(`scheduling.schedule.${kind}s`)}
        </Typography.Title>
        <Button size="small" onClick={() => setDialog(kind)}>
          {t(`scheduling.schedule.add_${kind}`)}
        </Button>
      </Flex>
      {rows.map((r) => (
        <Flex key={r.id} gap={8} align="center">
          <Typography.Text>
            {seededName(r.name, lang)}: {r.startDate} — {r.endDate}
          </Typography.Text>
          <RowButton
            isDanger
            label={t('scheduling.schedule.delete')}
            ariaLabel={`${t('scheduling.schedule.delete')} ${seededName(r.name, lang)}`}
            onClick={() =>
              confirm({
                title: t('scheduling.schedule.deleteNamed', { name: seededName(r.name, lang) }),
                isDanger: true,
                action: () => remove(r.id),
                successText: t('scheduling.schedule.deleted'),
              })
            }
          />
        </Flex>
      ))}
    </Flex>
  );
  return (
    <Flex vertical gap={16}>
      {section('term', terms.data ?? [], (id) => deleteTerm.mutateAsync(id))}
      {section('holiday', holidays.data ?? [], (id) => deleteHoliday.mutateAsync(id))}
      {dialog && (
        <FormDialog<RangeValues>
          title={t(`scheduling.schedule.add_${dialog}`)}
          name={`${dialog}-form`}
          serverFields={['name', 'startDate', 'endDate']}
          successText={(r) =>
            dialog === 'holiday'
              ? t('scheduling.schedule.holidaySaved', {
                  slots: (r as { withdrawnSlots: number }).withdrawnSlots,
                  appointments: (r as { cancelledAppointments: number }).cancelledAppointments,
                })
              : t('adminKit.saved')
          }
          onSubmit={(v) => (dialog === 'term' ? saveTerm.mutateAsync(v) : saveHoliday.mutateAsync(v))}
          onClose={() => setDialog(null)}
        >
          <Form.Item
            name="name"
            label={t('scheduling.schedule.name')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="startDate" label={t('scheduling.schedule.firstDay')} rules={[{ required: true }]}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="endDate" label={t('scheduling.schedule.lastDay')} rules={[{ required: true }]}>
            <Input type="date" />
          </Form.Item>
        </FormDialog>
      )}
    </Flex>
  );
}
