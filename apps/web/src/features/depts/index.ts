export { deptsFeature } from './manifest';
export { DeptPicker } from './components/dept-picker';
export type { DeptTreeSelectProps as DeptPickerProps } from './components/dept-tree-select';
export { deptQueryKeys } from './api/depts';
export { DEPT_SEARCH_DEBOUNCE_MS } from './lib/dept-tree';
