import type { DatesSetArg, EventInput } from '@fullcalendar/core';
import enLocale from '@fullcalendar/core/locales/en-gb';
import zhLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { useMyCalendar, useSchoolZone, type Slot } from '../api/appointments';
import { calendarEventsOf, calendarRange, visibleHours } from '../lib/calendar-events';

/**
 * The counsellor's week and month calendar (FullCalendar): their duty slots and the appointments in them,
 * in the school's time zone. Loaded on demand: the calendar library is not part of the page's first load.
 */
export function CounsellorCalendar() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const [range, setRange] = useState<{ startDate: string; endDate: string } | null>(null);
  const calendar = useMyCalendar(range);
  const events: EventInput[] = calendarEventsOf(calendar.data ?? ([] as Slot[]), zone, lang, {
    free: t('appointments.calendar.free'),
    duty: t('appointments.calendar.duty'),
  });
  return (
    <div data-testid="counsellor-calendar">
      {calendar.isError && <Alert type="error" title={t('appointments.calendar.loadFailed')} />}
      <FullCalendar
        plugins={[timeGridPlugin, dayGridPlugin]}
        initialView="timeGridWeek"
        locale={lang === 'zh-CN' ? zhLocale : enLocale}
        // Events carry wall-clock times of the school's zone: the grid shows them as they are.
        timeZone="UTC"
        firstDay={1}
        height="auto"
        // The working day, widened so that a session outside it still shows.
        {...visibleHours(events as { start: string; end: string }[])}
        allDaySlot={false}
        nowIndicator={false}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridWeek,dayGridMonth' }}
        events={events}
        datesSet={(arg: DatesSetArg) => setRange(calendarRange(arg.startStr, arg.endStr))}
      />
    </div>
  );
}
