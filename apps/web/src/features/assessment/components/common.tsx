import { allowedButtons } from '@psy/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../auth';
import { RISK_GRADE_TAGS } from '../../assessment-take';
import { ASSESSMENT_BUTTONS } from '../lib/buttons';

/** Tag colours of a plan's status, shared by the plan list and its details. */
export const PLAN_STATUS_COLOURS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success' };

/** Which assessment buttons the signed-in user has (spec S0.6: buttons by permission key). */
export function useAssessmentButtons() {
  return allowedButtons(ASSESSMENT_BUTTONS, useUserInfo().data?.permissions ?? []);
}

/** A risk grade of S0.9.3 as a coloured tag. */
export function RiskTag({ grade }: { grade: number | null | undefined }) {
  const { t } = useTranslation();
  const tag = grade ? RISK_GRADE_TAGS[grade] : undefined;
  return tag ? <Tag color={tag.color}>{t(`assessmentReport.risk.${tag.key}`)}</Tag> : <span>-</span>;
}

/** A person as the lists show them: name and number, or 'anonymous'. */
export function PersonText({
  realName,
  numberName,
  anonymous,
}: {
  realName: string | null;
  numberName?: string | null;
  anonymous?: boolean;
}) {
  const { t } = useTranslation();
  if (anonymous || !realName) return <span>{t('assessmentReport.anonymous')}</span>;
  return (
    <span>
      {realName}
      {numberName ? ` (${numberName})` : ''}
    </span>
  );
}

/** Navigation that keeps the page's query (the detail pages read their record from it). */
export function useGo() {
  const navigate = useNavigate();
  return (to: string) => void navigate(to);
}

/** 'Yes' / 'no' as a small tag: red for a positive flag. */
export function FlagTag({ value, danger = true }: { value: boolean; danger?: boolean }) {
  const { t } = useTranslation();
  return value ? <Tag color={danger ? 'red' : 'blue'}>{t('assessment.common.yes')}</Tag> : <span>-</span>;
}
