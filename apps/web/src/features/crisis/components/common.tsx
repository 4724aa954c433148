import { hasPermission, type PermissionKey } from '@psy/contracts';
import { Empty, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { shownPath } from '../../../shared/lib/seeded-names';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { useUserInfo } from '../../auth';
import { enumLabel, type EnumSet } from '../lib/labels';
import { crisisViewOf, effectiveRoleCodes } from '../lib/roles';
import { durationParts } from '../lib/time';
import styles from './crisis.module.css';

/** The signed-in person as the crisis screens see them: role codes in force, what they see, their keys. */
export function useCrisisUser() {
  const info = useUserInfo().data;
  const roleCodes = effectiveRoleCodes(info);
  return {
    userId: info?.sysUser.id ?? 0,
    roleCodes,
    view: crisisViewOf(roleCodes),
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

// Only the preset colours whose text reads at 4.5:1 on their own background (red, magenta, purple,
// geekblue, blue): orange, gold, green and cyan tags fail the contrast check.
const TAG_COLOURS: Partial<Record<EnumSet, Record<string, string>>> = {
  status: { 1: 'red', 2: 'purple', 3: 'default' },
  flag: { 1: 'default', 2: 'blue', 3: 'geekblue', 4: 'magenta', 5: 'red' },
  level: { 1: 'blue', 2: 'geekblue', 3: 'purple', 4: 'magenta' },
  collegeLevel: { 1: 'red', 2: 'magenta', 3: 'blue', 4: 'default' },
  collegeStatus: { submitted: 'blue', zero: 'geekblue', draft: 'purple', missing: 'default', overdue: 'red' },
  deliveryState: { pending: 'purple', sent: 'blue', failed: 'red' },
  approvalStatus: { 1: 'purple', 2: 'blue', 3: 'red' },
  auditStatus: { 1: 'purple', 2: 'blue', 3: 'red' },
  finding: { 1: 'default', 2: 'magenta', 3: 'red' },
};

/** A code as a coloured tag with its label. */
export function CodeTag({ set, value }: { set: EnumSet; value: string | number | null | undefined }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return null;
  return <Tag color={TAG_COLOURS[set]?.[String(value)]}>{enumLabel(t, set, value)}</Tag>;
}

/** A label of a code as text. */
export function useLabel() {
  const { t } = useTranslation();
  return (set: EnumSet, value: string | number | null | undefined) => enumLabel(t, set, value);
}

/** A time in the viewer's language, or a dash. */
export function When({ value }: { value: string | null | undefined }) {
  return <>{value ? formatDateTime(value, currentLanguage()) : '—'}</>;
}

/** '2 h 5 min' from seconds. */
export function DurationText({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  return (
    <>
      {durationParts(seconds)
        .map((part) => t(`crisis.units.${part.unit}`, { count: part.value }))
        .join(' ')}
    </>
  );
}

/** Names of people, comma separated. */
export function People({
  people,
}: {
  people: readonly { id: number; realName: string }[] | null | undefined;
}) {
  if (!people || people.length === 0) return <>—</>;
  return <>{people.map((p) => p.realName).join('、')}</>;
}

/** A student with their number and class, as lists show them. */
export function StudentCell({
  student,
}: {
  student: { realName: string; numberName?: string | null; deptName?: string | null };
}) {
  return (
    <span>
      <Typography.Text strong>{student.realName}</Typography.Text>
      {(student.numberName || student.deptName) && (
        <Typography.Text type="secondary">
          {' '}
          {[student.numberName, shownPath(student.deptName)].filter(Boolean).join(' · ')}
        </Typography.Text>
      )}
    </span>
  );
}

/** Label-value rows of a detail (a definition list: readable on a phone and by a screen reader). */
export function Facts({ items }: { items: readonly [label: string, value: ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function NoData({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ?? t('adminKit.empty')} />;
}
