import { hasPermission, type CaseStatus, type PermissionKey } from '@psy/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { useUserInfo } from '../../auth';
import { LOCK_COLOR, STATUS_COLOR, gradeText } from '../lib/case-format';

/** The signed-in person as the case screens see them: id, role codes in force, their keys. */
export function useCaseUser() {
  const info = useUserInfo().data;
  const roles = info?.roleList ?? [];
  const active = info?.activeRoleId ? roles.filter((r) => r.roleId === info.activeRoleId) : [];
  return {
    userId: info?.sysUser.id ?? 0,
    roleCodes: (active.length > 0 ? active : roles).map((r) => r.roleCode),
    can: (key: PermissionKey) => hasPermission(info?.permissions, key),
    isLoaded: info !== undefined,
  };
}

/** A numeric id from the page's query string (`?id=12`), or null. */
export function useIdParam(name = 'id'): number | null {
  const [params] = useSearchParams();
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** A time in the viewer's language, or a dash. */
export function When({ value }: { value: string | null | undefined }) {
  return <>{value ? formatDateTime(value, currentLanguage()) : '—'}</>;
}

export function StatusTag({ status }: { status: CaseStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="case-status">
      {t(`cases.status.${status}`)}
    </Tag>
  );
}

export function LockTag({ state }: { state: 'open' | 'signed' | 'locked' }) {
  const { t } = useTranslation();
  return (
    <Tag color={LOCK_COLOR[state]} data-testid="record-state">
      {t(`cases.lock.${state}`)}
    </Tag>
  );
}

/** The grade with the inconsistent mark (S1.4.12: the server's verdict against the scale results). */
export function GradeBadge({ grade, consistent }: { grade: number | null; consistent: boolean | null }) {
  const { t } = useTranslation();
  if (grade === null) return <>—</>;
  return (
    <span>
      <Tag color={grade <= 2 ? 'red' : 'blue'}>{t('cases.grade.value', { grade: gradeText(grade) })}</Tag>
      {consistent === false && (
        <Tooltip title={t('cases.grade.inconsistentHint')}>
          <Tag color="magenta" data-testid="grade-inconsistent">
            {t('cases.grade.inconsistent')}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}
