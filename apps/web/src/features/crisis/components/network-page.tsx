import { Alert, Button, Form, Input, Select, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { SearchBox } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { shownName, shownPath } from '../../../shared/lib/seeded-names';
import {
  useDeleteDormitory,
  useDormitories,
  useNetwork,
  useSaveDormitory,
  useSetCoverage,
  type Dormitory,
  type NetworkMember,
} from '../api/crisis';
import { ENUM_VALUES } from '../lib/labels';
import { People, useCrisisUser, useLabel } from './common';
import { DeptMultiSelect } from './dept-tree-select';
import { StudentSelect } from './student-select';
import styles from './crisis.module.css';

const COVERAGE_ROLES = new Set<string>([
  'CRISIS_ROLE_CLASS',
  'CRISIS_ROLE_CONSULTANT',
  'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
  'CRISIS_ROLE_FACULTY_CONSULT',
  'CRISIS_INTERVENE_SEARCH',
  'EMPHASIS_INTERVENE_SEARCH',
]);

/**
 * `/crisis/network/index`, the four-level warning network (docs/crisis.md 1): who holds each network role
 * and which departments they cover (their own department when none is set), and the dormitories with
 * their leaders and members.
 */
export function NetworkPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('crisis.network.title')} intro={t('crisis.network.intro')}>
      <Tabs
        items={[
          { key: 'members', label: t('crisis.network.members'), children: <Members /> },
          { key: 'dormitories', label: t('crisis.network.dormitories'), children: <Dormitories /> },
        ]}
      />
    </AdminPage>
  );
}

function Members() {
  const { t } = useTranslation();
  const label = useLabel();
  const { can } = useCrisisUser();
  const canEdit = can('crisis_network_edit');
  const list = useAdminList<{ roleCode?: string | undefined; keyword?: string | undefined }>({});
  const members = useNetwork(list.query);
  const [editing, setEditing] = useState<NetworkMember | null>(null);
  const columns: AdminColumn<NetworkMember>[] = [
    {
      key: 'name',
      title: t('crisis.network.person'),
      alwaysShown: true,
      render: (_: unknown, m) => m.user.realName,
    },
    {
      key: 'dept',
      title: t('crisis.network.dept'),
      render: (_: unknown, m) => shownPath(m.user.deptName) ?? '—',
    },
    {
      key: 'role',
      title: t('crisis.network.role'),
      render: (_: unknown, m) => label('roleCode', m.roleCode),
    },
    {
      key: 'coverage',
      title: t('crisis.network.coverage'),
      render: (_: unknown, m) =>
        m.coverageDefault ? (
          <Tag>{t('crisis.network.ownDept')}</Tag>
        ) : (
          m.coverage.map((d) => <Tag key={d.deptId}>{shownPath(d.deptName)}</Tag>)
        ),
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, m) =>
        COVERAGE_ROLES.has(m.roleCode) ? (
          <RowButton
            label={t('crisis.network.editCoverage')}
            ariaLabel={`${t('crisis.network.editCoverage')} ${m.user.realName}`}
            onClick={() => setEditing(m)}
          />
        ) : null,
    });
  return (
    <>
      <AdminTable<NetworkMember>
        rowKey={(m) => `${m.user.id}-${m.roleCode}`}
        columns={columns}
        query={members}
        list={list}
        columnSettingsId="crisis-network"
        toolbar={
          <div className={styles.toolbar}>
            <SearchBox
              className={styles.search}
              placeholder={t('crisis.network.search')}
              onSearch={(text) => list.refine({ keyword: text || undefined })}
            />
            <Select<string>
              className={styles.filter}
              aria-label={t('crisis.network.role')}
              value={list.filter.roleCode ?? 'all'}
              options={[
                { value: 'all', label: t('crisis.network.allRoles') },
                ...ENUM_VALUES.roleCode.map((code) => ({ value: code, label: label('roleCode', code) })),
              ]}
              onChange={(value) => list.refine({ roleCode: value === 'all' ? undefined : value })}
              style={{ minWidth: 180 }}
            />
          </div>
        }
      />
      {editing && <CoverageDialog member={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function CoverageDialog({ member, onClose }: { member: NetworkMember; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetCoverage();
  return (
    <FormDialog<{ deptIds?: number[] }>
      title={t('crisis.network.coverageTitle', { name: member.user.realName })}
      name="crisis-coverage"
      initialValues={{ deptIds: member.coverageDefault ? [] : member.coverage.map((d) => d.deptId) }}
      serverFields={['deptIds', 'roleCode']}
      onSubmit={(values) =>
        save.mutateAsync({
          userId: member.user.id,
          roleCode: member.roleCode as Parameters<typeof save.mutateAsync>[0]['roleCode'],
          deptIds: values.deptIds ?? [],
        })
      }
      onClose={onClose}
    >
      <Alert type="info" showIcon title={t('crisis.network.coverageHint')} style={{ marginBottom: 12 }} />
      <Form.Item name="deptIds" label={t('crisis.network.coverage')}>
        <DeptMultiSelect />
      </Form.Item>
    </FormDialog>
  );
}

function Dormitories() {
  const { t } = useTranslation();
  const { can } = useCrisisUser();
  const canEdit = can('crisis_network_edit');
  const list = useAdminList<{ keyword?: string | undefined }>({});
  const dormitories = useDormitories(list.query);
  const remove = useDeleteDormitory();
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<{ dorm: Dormitory | null } | null>(null);
  const columns: AdminColumn<Dormitory>[] = [
    {
      key: 'name',
      title: t('crisis.dorm.dormitory'),
      alwaysShown: true,
      dataIndex: 'name',
      render: shownName,
    },
    { key: 'leader', title: t('crisis.dorm.leader'), render: (_: unknown, d) => d.leader?.realName ?? '—' },
    {
      key: 'members',
      title: t('crisis.dorm.members'),
      render: (_: unknown, d) => <People people={d.members} />,
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, d) => (
        <>
          <RowButton
            label={t('crisis.network.edit')}
            ariaLabel={`${t('crisis.network.edit')} ${shownName(d.name)}`}
            onClick={() => setEditing({ dorm: d })}
          />
          <RowButton
            isDanger
            label={t('crisis.network.delete')}
            ariaLabel={`${t('crisis.network.delete')} ${shownName(d.name)}`}
            onClick={() =>
              confirm({
                title: t('crisis.network.confirmDelete', { name: shownName(d.name) }),
                isDanger: true,
                action: () => remove.mutateAsync(d.id),
                successText: t('adminKit.deleted'),
                onDone: () => list.deleted(dormitories.data?.total ?? 0, 1),
              })
            }
          />
        </>
      ),
    });
  return (
    <>
      <AdminTable<Dormitory>
        rowKey="id"
        columns={columns}
        query={dormitories}
        list={list}
        columnSettingsId="crisis-dormitories"
        toolbar={
          <div className={styles.toolbar}>
            <SearchBox
              className={styles.search}
              placeholder={t('crisis.network.dormSearch')}
              onSearch={(text) => list.refine({ keyword: text || undefined })}
            />
            {canEdit && (
              <Button type="primary" onClick={() => setEditing({ dorm: null })}>
                {t('crisis.network.addDorm')}
              </Button>
            )}
          </div>
        }
      />
      {editing && <DormitoryDialog dorm={editing.dorm} onClose={() => setEditing(null)} />}
    </>
  );
}

function DormitoryDialog({ dorm, onClose }: { dorm: Dormitory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDormitory();
  return (
    <FormDialog<{ name: string; leaderId?: number; memberIds?: number[] }>
      title={dorm ? t('crisis.network.editDorm') : t('crisis.network.addDorm')}
      name="crisis-dormitory"
      initialValues={{
        name: dorm?.name,
        leaderId: dorm?.leader?.id,
        memberIds: dorm?.members.map((m) => m.id) ?? [],
      }}
      serverFields={['name', 'leaderId', 'memberIds']}
      onSubmit={(values) =>
        save.mutateAsync({
          ...(dorm ? { id: dorm.id } : {}),
          name: values.name.trim(),
          ...(values.leaderId ? { leaderId: values.leaderId } : {}),
          memberIds: values.memberIds ?? [],
        })
      }
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('crisis.dorm.dormitory')}
        rules={[{ required: true, whitespace: true }]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="leaderId" label={t('crisis.dorm.leader')}>
        <StudentSelect known={dorm?.leader ? [dorm.leader] : []} />
      </Form.Item>
      <Form.Item name="memberIds" label={t('crisis.dorm.members')}>
        <StudentSelect multiple known={dorm?.members ?? []} />
      </Form.Item>
    </FormDialog>
  );
}
