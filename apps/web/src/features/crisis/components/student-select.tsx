import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useReportableStudents } from '../api/crisis';

/**
 * The student a report or a record is about: the students the caller may report on (a class member their
 * class, a dormitory leader their dormitory, staff the school), searched by name or number on the server.
 */
export function StudentSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const settled = useDebouncedValue(keyword, 300);
  const students = useReportableStudents(settled);
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={students.isFetching}
      placeholder={t('crisis.report.studentPlaceholder')}
      notFoundContent={students.isFetching ? null : t('crisis.report.noStudents')}
      options={(students.data?.records ?? []).map((s) => ({
        value: s.id,
        label: [s.realName, s.numberName, s.deptName].filter(Boolean).join(' · '),
      }))}
      style={{ width: '100%' }}
    />
  );
}
