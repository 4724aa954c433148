import { seededName, seededPath } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import {
  findCustomInfoEndpoint,
  findUserAssessInfoEndpoint,
  findUserFamilyInfoEndpoint,
  type UserFormDetail,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Flex, Spin, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { usePermissions, useUser } from '../api/users';
import { useDictItems } from '../api/dicts';
import { DICT_FIELDS, type DictField } from '../lib/user-form';
import { showsWorkforceCard } from '../lib/workforce';
import styles from './user-detail-page.module.css';
import { WorkforceCard } from './workforce-card';

const USERS_PATH = '/info/index';

/** A value, or a muted 'not filled in'. */
function Shown({ value }: { value: ReactNode }) {
  const { t } = useTranslation();
  return value === null || value === undefined || value === '' ? (
    <Typography.Text type="secondary">{t('userAdmin.detail.emptyValue')}</Typography.Text>
  ) : (
    <>{value}</>
  );
}

/** A dictionary value shown with its label in the user's language. */
function DictValue({ name, value }: { name: DictField; value: string | null }) {
  const { i18n } = useTranslation();
  const items = useDictItems(name, value !== null);
  const item = items.data?.find((entry) => entry.value === value);
  const label = item ? (i18n.language === 'en-US' ? (item.labelEn ?? item.label) : item.label) : value;
  return <Shown value={label} />;
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.group}>
      <Typography.Title level={2} id={id} className={styles.groupTitle}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function BasicInformation({ user }: { user: UserFormDetail }) {
  const { t } = useTranslation();
  const items: DescriptionsProps['items'] = [
    { key: 'username', label: t('userAdmin.fields.username'), children: user.username },
    { key: 'realName', label: t('userAdmin.fields.realName'), children: <Shown value={user.realName} /> },
    {
      key: 'numberName',
      label: t('userAdmin.fields.numberName'),
      children: <Shown value={user.numberName} />,
    },
    { key: 'phone', label: t('userAdmin.fields.phone'), children: <Shown value={user.phone} /> },
    {
      key: 'sex',
      label: t('userAdmin.fields.sex'),
      children: <Shown value={user.sex === 1 || user.sex === 2 ? t(`userAdmin.sex.${user.sex}`) : null} />,
    },
    { key: 'birthday', label: t('userAdmin.fields.birthday'), children: <Shown value={user.birthday} /> },
    {
      key: 'idCard',
      label: t('userAdmin.fields.idCard'),
      children: (
        <Shown
          value={
            user.idCard
              ? `${user.idType ? `${t(`userAdmin.idTypes.${user.idType as 1}`)} ` : ''}${user.idCard}`
              : null
          }
        />
      ),
    },
    { key: 'email', label: t('userAdmin.fields.email'), children: <Shown value={user.email} /> },
    {
      key: 'dept',
      label: t('userAdmin.fields.deptId'),
      children: <Shown value={seededPath(user.deptFullName ?? user.deptName, currentLanguage())} />,
    },
    {
      key: 'roles',
      label: t('userAdmin.fields.roleIds'),
      children: (
        <Flex wrap gap={4}>
          {user.roleList.map((role) => (
            <Tag key={role.roleId}>{seededName(role.roleName, currentLanguage())}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'userType',
      label: t('userAdmin.fields.userTypeId'),
      children: <Shown value={user.userTypeName && seededName(user.userTypeName, currentLanguage())} />,
    },
    { key: 'status', label: t('userAdmin.fields.status'), children: t(`userAdmin.status.${user.status}`) },
    ...DICT_FIELDS.map((field) => ({
      key: field,
      label: t(`userAdmin.fields.${field}`),
      children: <DictValue name={field} value={user[field]} />,
    })),
  ];
  return <Descriptions column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }} items={items} />;
}

/** One extra group of the user, as the server keeps it; an empty state says when there is nothing. */
function useProfileDocument<T>(key: string, userId: number, load: (signal: AbortSignal) => Promise<T>) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['users', tenantId, 'profile-document', key, userId],
    queryFn: ({ signal }) => load(signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

function GroupState({
  isLoading,
  isError,
  isEmpty,
}: {
  isLoading: boolean;
  isError: boolean;
  isEmpty: boolean;
}) {
  const { t } = useTranslation();
  if (isLoading) return <Spin />;
  if (isError) return <Empty description={t('userAdmin.detail.unavailable')} />;
  if (isEmpty) return <Empty description={t('userAdmin.detail.notFilled')} />;
  return null;
}

function PersonalPast({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const answer = useProfileDocument('family', userId, (signal) =>
    request(findUserFamilyInfoEndpoint, { query: { userId }, signal, hidePopup: true }),
  );
  const info = answer.data?.info ?? null;
  if (!info) {
    return <GroupState isLoading={answer.isLoading} isError={answer.isError} isEmpty />;
  }
  return (
    <>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'isOnlyChild',
            label: t('userAdmin.detail.family.isOnlyChild'),
            children: (
              <Shown
                value={
                  info.isOnlyChild === undefined ? null : t(`userAdmin.detail.yesNo.${info.isOnlyChild}`)
                }
              />
            ),
          },
          {
            key: 'address',
            label: t('userAdmin.detail.family.familyAddress'),
            children: <Shown value={info.familyAddress} />,
          },
          {
            key: 'economic',
            label: t('userAdmin.detail.family.economicStatus'),
            children: <Shown value={info.economicStatus} />,
          },
          {
            key: 'remark',
            label: t('userAdmin.detail.family.remark'),
            children: <Shown value={info.remark} />,
          },
        ]}
      />
      {info.members.length > 0 && (
        <ul className={styles.members} aria-label={t('userAdmin.detail.family.members')}>
          {info.members.map((member, index) => (
            <li key={index}>
              <Descriptions
                size="small"
                column={{ xs: 1, md: 3 }}
                items={[
                  {
                    key: 'relation',
                    label: t('userAdmin.detail.family.relation'),
                    children: member.relation,
                  },
                  { key: 'name', label: t('userAdmin.detail.family.name'), children: member.name },
                  {
                    key: 'phone',
                    label: t('userAdmin.fields.phone'),
                    children: <Shown value={member.phone} />,
                  },
                  {
                    key: 'occupation',
                    label: t('userAdmin.detail.family.occupation'),
                    children: <Shown value={member.occupation} />,
                  },
                  {
                    key: 'workplace',
                    label: t('userAdmin.detail.family.workplace'),
                    children: <Shown value={member.workplace} />,
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function OtherInformation({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const answer = useProfileDocument('custom', userId, (signal) =>
    request(findCustomInfoEndpoint, { query: { userId }, signal, hidePopup: true }),
  );
  const info = answer.data?.info ?? null;
  const filled = info ? DICT_FIELDS.filter((field) => info[field]) : [];
  if (!info || filled.length === 0) {
    return <GroupState isLoading={answer.isLoading} isError={answer.isError} isEmpty />;
  }
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      items={filled.map((field) => ({
        key: field,
        label: t(`userAdmin.fields.${field}`),
        children: <DictValue name={field} value={info[field] ?? null} />,
      }))}
    />
  );
}

function CompreEvaluation({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const answer = useProfileDocument('assess', userId, (signal) =>
    request(findUserAssessInfoEndpoint, { query: { userId }, signal, hidePopup: true }),
  );
  const info = answer.data?.info ?? null;
  if (!info) {
    return <GroupState isLoading={answer.isLoading} isError={answer.isError} isEmpty />;
  }
  // Spec S0.3.4: punishments, failed courses, late returns.
  return (
    <Descriptions
      column={{ xs: 1, md: 3 }}
      items={(['punishNum', 'failNum', 'stayOutLateNum'] as const).map((field) => ({
        key: field,
        label: t(`userAdmin.detail.assess.${field}`),
        children: <Shown value={info[field]} />,
      }))}
    />
  );
}

/**
 * `/user_manage/userinfo?userId=..` (spec S0.2.14, S0.3.3): one user's information in the four groups
 * basicInformation, personalPast, otherInformation and compreEvaluationInformation. Personal values are
 * masked unless the viewer's role may see them (`desensitizationGetUser`, which logs an unmasked read).
 * `userId` is the page's `userId` query parameter (null when missing or not an id).
 */
export function UserDetailPage({ userId }: { userId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser(userId, 'view');
  const permissions = usePermissions();

  const back = <Button onClick={() => void navigate(USERS_PATH)}>{t('userAdmin.detail.back')}</Button>;
  if (userId === null || user.isError) {
    // A light empty state rather than antd's Result, whose pictures would double this page's code.
    return (
      <div className={styles.page}>
        <Empty description={userId === null ? t('userAdmin.detail.noUser') : t('userAdmin.detail.notFound')}>
          {back}
        </Empty>
      </div>
    );
  }
  if (!user.data) return <Spin className={styles.loading} />;

  return (
    // A plain panel in the card's look: antd's Card would be this page's largest piece of code.
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>
          {t('userAdmin.detail.title')}: {user.data.realName}
        </h1>
        {back}
      </header>
      <Group id="user-basic" title={t('userAdmin.detail.groups.basicInformation')}>
        <BasicInformation user={user.data} />
      </Group>
      {showsWorkforceCard(user.data.roleList, permissions) && (
        <Group id="user-workforce" title={t('workforce.title')}>
          <WorkforceCard userId={userId} />
        </Group>
      )}
      <Group id="user-past" title={t('userAdmin.detail.groups.personalPast')}>
        <PersonalPast userId={userId} />
      </Group>
      <Group id="user-other" title={t('userAdmin.detail.groups.otherInformation')}>
        <OtherInformation userId={userId} />
      </Group>
      <Group id="user-evaluation" title={t('userAdmin.detail.groups.compreEvaluationInformation')}>
        <CompreEvaluation userId={userId} />
      </Group>
    </article>
  );
}
