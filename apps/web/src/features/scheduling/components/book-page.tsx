import { seededPath } from '@psy/contracts';
import { Alert, Flex, Select, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { BookingPanel, useRuleState } from '../../appointments';
import { useVisitorChoices } from '../api/scheduling';
import { RegistrationQueue } from './registration-queue';
import styles from './scheduling.module.css';

/**
 * `/appointment/book/index`: the clerk books on behalf of a visitor (S1.3.3 visitor selection): choose
 * the visitor (or take one from the registrations waiting for a first interview), see the rules as they
 * stand for them, then type, counsellor, site and time.
 */
export function BookPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [visitorId, setVisitorId] = useState<number | undefined>();
  // A visitor taken from the queue is named until the search (by their name) brings their full entry.
  const [queued, setQueued] = useState<{ id: number; name: string } | null>(null);
  const visitors = useVisitorChoices(useDebouncedValue(keyword, 300));
  const lang = currentLanguage();
  const choices = (visitors.data?.records ?? []).map((v) => ({
    value: v.visitorId,
    label: `${v.visitorName} · ${v.numberName ?? v.userName}${v.deptName ? ` · ${seededPath(v.deptName, lang)}` : ''} · ${t(
      'scheduling.book.sessions',
      { n: v.count },
    )}`,
  }));
  if (queued && queued.id === visitorId && !choices.some((c) => c.value === queued.id))
    choices.push({ value: queued.id, label: queued.name });
  const rules = useRuleState(undefined, visitorId, visitorId !== undefined);
  const top = useRef<HTMLElement>(null);
  return (
    <AdminPage title={t('scheduling.book.title')} intro={t('scheduling.book.intro')}>
      <Flex vertical gap={12} ref={top}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          className={styles.phoneWide}
          aria-label={t('scheduling.book.visitor')}
          placeholder={t('scheduling.book.visitorPlaceholder')}
          value={visitorId}
          onChange={setVisitorId}
          loading={visitors.isFetching}
          data-testid="book-visitor"
          options={choices}
        />
        {visitorId === undefined ? (
          <Alert type="info" showIcon title={t('scheduling.book.chooseFirst')} />
        ) : rules.isLoading || !rules.data ? (
          <Spin />
        ) : (
          <BookingPanel key={visitorId} rules={rules.data} visitorId={visitorId} withRules />
        )}
        <RegistrationQueue
          onBook={(visitor) => {
            setQueued(visitor);
            setKeyword(visitor.name);
            setVisitorId(visitor.id);
            // The booking panel opens at the top, above the queue the clerk was reading.
            top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
          }}
        />
      </Flex>
    </AdminPage>
  );
}
