import { deptAncestorsEndpoint, seededName } from '@psy/contracts';
import { useQueries } from '@tanstack/react-query';
import { Flex, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { DeptPicker } from '../../depts';
import { request } from '../../../shared/api/request';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useTenantId } from '../../../shared/session/session-store';
import { useUserSearch } from '../api/plans';

/**
 * Several departments for a plan's audience (each with its subtree): the organisation picker adds one at a
 * time, the chosen ones are tags; names of saved ones are read with their path.
 */
export function DeptMultiPicker({
  id,
  value = [],
  onChange,
}: {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const [labels, setLabels] = useState<Record<number, string>>({});
  const unknown = value.filter((deptId) => !(deptId in labels));
  const paths = useQueries({
    queries: unknown.map((deptId) => ({
      queryKey: ['assessment-plans', tenantId, 'deptPath', deptId],
      queryFn: () => request(deptAncestorsEndpoint, { query: { id: deptId } }),
      staleTime: 300_000,
    })),
  });
  const nameOf = (deptId: number) => {
    if (labels[deptId]) return labels[deptId];
    const path = paths[unknown.indexOf(deptId)]?.data;
    return path?.length ? path.map((d) => seededName(d.name, currentLanguage())).join(' / ') : `#${deptId}`;
  };
  return (
    <Flex vertical gap={8}>
      <DeptPicker
        id={id}
        value={null}
        placeholder={t('assessment.plan.addDept')}
        onChange={(deptId, label) => {
          if (deptId === null || value.includes(deptId)) return;
          setLabels((known) => ({ ...known, [deptId]: label ?? `#${deptId}` }));
          onChange?.([...value, deptId]);
        }}
      />
      {value.length > 0 && (
        <Flex wrap gap={4} data-testid="audience-depts">
          {value.map((deptId) => (
            <Tag key={deptId} closable onClose={() => onChange?.(value.filter((v) => v !== deptId))}>
              {nameOf(deptId)}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/**
 * Named people, found by name or number (`/admin/user/simple`, within the viewer's data scope). `names`
 * gives the saved ones their names (a plan's `namedUsers`), so an editor sees who is named, not ids.
 */
export function UserMultiPicker({
  id,
  value = [],
  onChange,
  mode = 'multiple',
  placeholder,
  names,
}: {
  id?: string;
  value?: number[] | number | null;
  onChange?: (ids: never) => void;
  mode?: 'multiple' | 'single';
  placeholder?: string;
  names?: Readonly<Record<number, string>>;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const search = useUserSearch(useDebouncedValue(term.trim(), 400));
  const [known, setKnown] = useState<Record<number, string>>(() => ({ ...names }));
  const found = search.data ?? [];
  const ids = Array.isArray(value) ? value : value ? [value] : [];
  const options = [
    ...found.map((u) => ({ value: u.id, label: `${u.realName} (${u.numberName ?? u.username})` })),
    ...ids
      .filter((v) => !found.some((u) => u.id === v))
      .map((v) => ({ value: v, label: known[v] ?? `#${v}` })),
  ];
  return (
    <Select
      id={id}
      mode={mode === 'multiple' ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      allowClear
      value={mode === 'multiple' ? ids : (ids[0] ?? null)}
      placeholder={placeholder ?? t('assessment.common.searchPerson')}
      notFoundContent={term ? t('adminKit.empty') : t('assessment.common.typeToSearch')}
      options={options}
      onChange={(next: number[] | number | null, chosen) => {
        const list = Array.isArray(chosen) ? chosen : chosen ? [chosen] : [];
        setKnown((k) => ({
          ...k,
          ...Object.fromEntries(list.map((o) => [Number(o.value), String(o.label)])),
        }));
        onChange?.((next ?? (mode === 'multiple' ? [] : null)) as never);
      }}
    />
  );
}
