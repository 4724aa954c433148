import { Select } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeptTreeSelectProps } from './dept-tree-select';

const LazyDeptTreeSelect = lazy(async () => ({
  default: (await import('./dept-tree-select')).DeptTreeSelect,
}));

/**
 * The organisation picker as other features use it: the tree picker (the heaviest control of a form) in a
 * chunk of its own, so the page around it shows first (docs/decisions.md, web bundle per route).
 */
export function DeptPicker(props: DeptTreeSelectProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Select
          id={props.id}
          disabled
          value={props.value == null ? undefined : (props.valueLabel ?? undefined)}
          placeholder={props.placeholder ?? t('deptAdmin.picker.placeholder')}
          style={{ width: '100%' }}
        />
      }
    >
      <LazyDeptTreeSelect {...props} />
    </Suspense>
  );
}
