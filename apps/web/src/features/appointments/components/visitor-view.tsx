import { Flex, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentRegistration, useRuleState } from '../api/appointments';
import { BookingPanel } from './booking-panel';
import { CalendarFeedCard } from './calendar-feed-card';
import { ChoiceButtons } from './choice-buttons';
import { MyAppointments } from './my-appointments';
import { RegistrationCard } from './registration-card';
import { RulesCard } from './rules-card';
import { WaitlistCard } from './waitlist-card';
import styles from './appointments.module.css';

type Tab = 'book' | 'mine';

/**
 * The student's booking on a phone (375 px): the rules first, the intake registration once a term, then
 * choose and book; "my appointments" with leave and cancel; the waiting list and the calendar link.
 */
export function VisitorView() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('book');
  const rules = useRuleState(undefined);
  const registration = useCurrentRegistration();
  return (
    <Flex vertical gap={12} className={styles.phoneColumn}>
      <ChoiceButtons<Tab>
        isBlock
        label={t('appointments.title')}
        value={tab}
        onChange={setTab}
        choices={[
          { value: 'book', label: t('appointments.tabs.book') },
          { value: 'mine', label: t('appointments.tabs.mine') },
        ]}
      />
      <WaitlistCard />
      {tab === 'book' ? (
        rules.isLoading || registration.isLoading || !rules.data ? (
          <Spin />
        ) : (
          <>
            <RulesCard rules={rules.data} />
            {registration.data === null ? (
              <RegistrationCard />
            ) : (
              <BookingPanel rules={rules.data} onBooked={() => setTab('mine')} />
            )}
          </>
        )
      ) : (
        <>
          <MyAppointments />
          <CalendarFeedCard />
        </>
      )}
    </Flex>
  );
}
