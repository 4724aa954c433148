import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownPath } from '../../../shared/lib/seeded-names';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useReportableStudents } from '../api/crisis';

type Props =
  | {
      id?: string;
      multiple?: false;
      value?: number;
      onChange?: (value: number) => void;
      known?: readonly Known[];
    }
  | {
      id?: string;
      multiple: true;
      value?: number[];
      onChange?: (value: number[]) => void;
      known?: readonly Known[];
    };

interface Known {
  id: number;
  realName: string;
}

/**
 * The student a report or a record is about: the students the caller may report on (a class member their
 * class, a dormitory leader their dormitory, staff the school), searched by name or number on the server.
 * `known` names the students already chosen before they are found again.
 */
export function StudentSelect(props: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const settled = useDebouncedValue(keyword, 300);
  const students = useReportableStudents(settled);
  const found = (students.data?.records ?? []).map((s) => ({
    value: s.id,
    label: [s.realName, s.numberName, shownPath(s.deptName)].filter(Boolean).join(' · '),
  }));
  const options = [
    ...(props.known ?? [])
      .filter((k) => !found.some((f) => f.value === k.id))
      .map((k) => ({ value: k.id, label: k.realName })),
    ...found,
  ];
  return (
    <Select<number | number[]>
      id={props.id}
      mode={props.multiple ? 'multiple' : undefined}
      value={props.value}
      onChange={(value) => (props.onChange as ((v: number | number[]) => void) | undefined)?.(value)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={students.isFetching}
      placeholder={t('crisis.report.studentPlaceholder')}
      notFoundContent={students.isFetching ? null : t('crisis.report.noStudents')}
      options={options}
      style={{ width: '100%' }}
    />
  );
}
