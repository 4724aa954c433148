import type { DatesSetArg, EventInput } from '@fullcalendar/core';
import enLocale from '@fullcalendar/core/locales/en-gb';
import zhLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { calendarEventsOf, useSchoolZone, visibleHours } from '../../appointments';
import { useMonthView, useWeekView } from '../api/scheduling';
import { monthEventsOf } from '../lib/month-events';

/**
 * The school-wide (or one counsellor's) week and month views on FullCalendar: the week shows every slot
 * with its visitor, the month the count of slots per day by status (`/consult/schedule/month`).
 */
export function ScheduleCalendar({ counsellorId }: { counsellorId?: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const [view, setView] = useState<{ type: string; start: string; end: string } | null>(null);
  const isMonth = view?.type === 'dayGridMonth';
  // The month of a month view is the one its middle day falls in (the grid starts in the month before).
  const middle = view ? new Date((Date.parse(view.start) + Date.parse(view.end)) / 2).toISOString() : '';
  const week = useWeekView(view && !isMonth ? view.start.slice(0, 10) : '', counsellorId);
  const month = useMonthView(isMonth ? middle.slice(0, 7) : '', counsellorId);
  let events: EventInput[] = [];
  if (view && !isMonth && week.data) {
    events = calendarEventsOf(
      week.data.days.flatMap((d) => d.slots),
      zone,
      lang,
      { free: t('appointments.calendar.free'), duty: t('appointments.calendar.duty') },
    ).map((e) => ({ ...e, title: e.title }));
  }
  if (isMonth && month.data) {
    events = monthEventsOf(month.data.days, {
      bookable: (n) => t('scheduling.calendar.bookable', { n }),
      booked: (n) => t('scheduling.calendar.booked', { n }),
      duty: (n) => t('scheduling.calendar.duty', { n }),
    });
  }
  return (
    <div data-testid="schedule-calendar">
      <FullCalendar
        plugins={[timeGridPlugin, dayGridPlugin]}
        initialView="timeGridWeek"
        locale={lang === 'zh-CN' ? zhLocale : enLocale}
        timeZone="UTC"
        firstDay={1}
        height="auto"
        // The working day, widened so that a session outside it still shows.
        {...visibleHours(events as { start: string; end: string }[])}
        allDaySlot={false}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridWeek,dayGridMonth' }}
        events={events}
        datesSet={(arg: DatesSetArg) =>
          setView({ type: arg.view.type, start: arg.startStr, end: arg.endStr })
        }
      />
    </div>
  );
}
