import type { CounsellorLeaveStatus } from '@psy/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CounsellorLeave } from '../api/appointments';
import { leaveEffect } from '../lib/leave-period';

export const LEAVE_STATUS_COLOURS: Record<CounsellorLeaveStatus, string> = {
  pending: 'blue',
  approved: 'purple',
  rejected: 'red',
  withdrawn: 'default',
};

/** What a leave would do to the schedule (pending) or did (approved), in words. */
export function LeaveEffectText({ leave }: { leave: CounsellorLeave }) {
  const { t } = useTranslation();
  const effect = leaveEffect(leave);
  if (!effect) return null;
  return (
    <Typography.Text type={effect.kind === 'would' && effect.appointments > 0 ? 'warning' : 'secondary'}>
      {t(`appointments.leave.effect.${effect.kind}`, {
        slots: effect.slots,
        appointments: effect.appointments,
      })}
    </Typography.Text>
  );
}
