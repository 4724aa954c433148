import { timeGridSlotType, WEEK_MAX, WEEK_MIN } from '@psy/forms';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScheduleSlots } from '../api/schedule-slots';
import { removeEntry, slotGrid, toggleSlot } from '../lib/time-slots';
import styles from './form-renderer.module.css';

type WeekKey = `forms.timeGrid.week${1 | 2 | 3 | 4 | 5 | 6 | 7}`;
const weekKey = (w: number) => `forms.timeGrid.week${w}` as WeekKey;

/**
 * The time grid of a time-selection field (spec S0.3.24, S1.3.2, docs/forms.md "Time grid slots"): the
 * school's slots of the field's type (`timeGridSlotType`) as rows, weekdays as columns, a checkbox per
 * offered (slot, weekday). The stored value keeps its shape `[{time, weeks}]`. While the slots load the
 * grid waits; when the call fails (or the school offers none) `fallback` (free start/end rows) is shown.
 */
export function SlotTimeGrid(props: {
  id: string;
  prop: string;
  label: string;
  value: unknown;
  disabled: boolean;
  onChange: (v: unknown) => void;
  fallback: ReactNode;
}) {
  const { id, prop, label, value, disabled, onChange, fallback } = props;
  const { t } = useTranslation();
  const slots = useScheduleSlots(timeGridSlotType(prop));
  if (slots.isPending) return <div id={id} className={styles.widgetLoading} />;
  if (slots.isError || slots.data.length === 0) return <>{fallback}</>;
  const { rows, others } = slotGrid(slots.data, value);
  const offered = new Set(rows.flatMap((r) => r.weeks));
  const weeks = Array.from({ length: WEEK_MAX - WEEK_MIN + 1 }, (_, i) => WEEK_MIN + i).filter((w) =>
    offered.has(w),
  );
  return (
    <div id={id} className={styles.tableWrap} data-testid={`slot-grid-${prop}`}>
      <table className={`${styles.table} ${styles.slotTable}`} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('formOptions.slot')}</th>
            {weeks.map((w) => (
              <th key={w} scope="col">
                {t(weekKey(w))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.time}>
              <th scope="row">{row.time}</th>
              {weeks.map((w) => (
                <td key={w}>
                  {row.weeks.includes(w) ? (
                    <input
                      type="checkbox"
                      checked={row.chosen.includes(w)}
                      disabled={disabled}
                      aria-label={t('formOptions.slotCell', { time: row.time, day: t(weekKey(w)) })}
                      onChange={() => onChange(toggleSlot(value, row.time, w))}
                    />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {others.length > 0 ? (
        <div className={styles.hint}>
          {t('formOptions.otherTimes')}
          {others.map((e) => (
            <span key={e.time} className={styles.slotOther}>
              {e.time} {e.weeks.map((w) => t(weekKey(w))).join(' ')}
              {disabled ? null : (
                <Button size="small" type="link" onClick={() => onChange(removeEntry(value, e.time))}>
                  {t('forms.remove')}
                </Button>
              )}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
