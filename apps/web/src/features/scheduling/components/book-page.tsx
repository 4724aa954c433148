import { Alert, Flex, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { BookingPanel, useRuleState } from '../../appointments';
import { useVisitorChoices } from '../api/scheduling';
import styles from './scheduling.module.css';

/**
 * `/appointment/book/index`: the clerk books on behalf of a visitor (S1.3.3 visitor selection): choose
 * the visitor, see the rules as they stand for them, then type, counsellor, site and time.
 */
export function BookPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [visitorId, setVisitorId] = useState<number | undefined>();
  const visitors = useVisitorChoices(useDebouncedValue(keyword, 300));
  const rules = useRuleState(undefined, visitorId, visitorId !== undefined);
  return (
    <AdminPage title={t('scheduling.book.title')} intro={t('scheduling.book.intro')}>
      <Flex vertical gap={12}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          className={styles.phoneWide}
          aria-label={t('scheduling.book.visitor')}
          placeholder={t('scheduling.book.visitorPlaceholder')}
          value={visitorId}
          onChange={setVisitorId}
          loading={visitors.isFetching}
          data-testid="book-visitor"
          options={(visitors.data?.records ?? []).map((v) => ({
            value: v.visitorId,
            label: `${v.visitorName} · ${v.numberName ?? v.userName}${v.deptName ? ` · ${v.deptName}` : ''} · ${t(
              'scheduling.book.sessions',
              { n: v.count },
            )}`,
          }))}
        />
        {visitorId === undefined ? (
          <Alert type="info" showIcon title={t('scheduling.book.chooseFirst')} />
        ) : rules.isLoading || !rules.data ? (
          <Spin />
        ) : (
          <BookingPanel key={visitorId} rules={rules.data} visitorId={visitorId} withRules />
        )}
      </Flex>
    </AdminPage>
  );
}
