/**
 * Whether a DOM event inside the builder of a bound-form page is an edit (docs/forms.md "Unsaved
 * changes"): typing (`input`), a changed box or native control (`change`), or picking an option of a
 * select or menu (`click` on an option). Other clicks (selecting a column, the preview, back) are not.
 */
export function isEditEvent(type: string, target: unknown): boolean {
  if (type === 'input' || type === 'change') return true;
  if (type !== 'click') return false;
  const el = target as { closest?: (selector: string) => unknown } | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.closest('[role="option"], .ant-select-item-option, [role="menuitemcheckbox"]') !== null;
}
