import type { FieldOption } from '@psy/forms';
import { Input } from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormLang } from '../../lib/form-text';
import {
  answerValues,
  childrenOf,
  expandedFor,
  levelRows,
  moveActive,
  nodesOfPath,
  pathText,
  pickerNodes,
  searchRows,
  SEARCH_LIMIT,
  toggleValue,
  treeRows,
  valueKey,
  valuesText,
  type PickerNode,
  type PickerRow,
} from './nested-picker-model';
import styles from './nested-picker.module.css';

export interface NestedFieldProps {
  id: string;
  value: unknown;
  options: readonly FieldOption[] | undefined;
  multiple: boolean;
  disabled: boolean;
  lang: FormLang;
  placeholder: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: unknown) => void;
  /**
   * Lazy levels: the children of an option whose `children` is an empty array are asked for when it is
   * opened (the department tree's `?parentId=`). Without it an empty `children` is a leaf.
   */
  loadChildren?: (value: string | number) => Promise<readonly FieldOption[]>;
}

/**
 * A light cascader / tree / select picker on the route's own parts (antd Input, plain HTML): a button
 * showing the answer opens a panel with a search box and either the levels of a cascader (one level at a
 * time, with a path back; the answer is the path of values to a leaf), a tree, or a select's list (one
 * node, or several when `multiple`).
 * Focus stays in the search box, which drives the list (combobox with `aria-activedescendant`): arrows
 * move, Right opens a level, Left goes back, Enter chooses, Escape closes. Ant Design's Cascader and
 * TreeSelect cost 43-46 kB gzipped on the fill route, Select 24 kB: over its 450 kB budget (docs/forms.md
 * "Route size").
 */
export function NestedPicker(props: NestedFieldProps & { mode: 'cascader' | 'tree' | 'select' }) {
  const { id, value, options, multiple, disabled, lang, placeholder, invalid, describedBy, onChange } = props;
  const { mode, loadChildren } = props;
  const isTree = mode === 'tree';
  // A tree and a select answer nodes (a select is a tree of one level); a cascader answers a path.
  const picksNodes = mode !== 'cascader';
  const severally = picksNodes && multiple;
  const { t } = useTranslation();
  const nodes = useMemo(
    () => pickerNodes(options, lang, loadChildren !== undefined),
    [options, lang, loadChildren],
  );
  const [loaded, setLoaded] = useState<ReadonlyMap<string, readonly PickerNode[]>>(new Map());
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [drill, setDrill] = useState<readonly PickerNode[]>([]);
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const values = answerValues(value);
  const chosen = new Set(values.map(valueKey));
  const text = picksNodes ? valuesText(nodes, values, loaded) : pathText(nodes, values, loaded);
  const rows: PickerRow[] = query.trim()
    ? searchRows(nodes, query, picksNodes ? 'tree' : 'cascader', loaded)
    : picksNodes
      ? treeRows(nodes, expanded, loaded)
      : levelRows(nodes, drill, loaded);
  const listId = `${id}-list`;
  const rowId = (i: number) => `${id}-row-${i}`;

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-row-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const show = () => {
    if (disabled) return;
    if (picksNodes) {
      const open = expandedFor(nodes, values, loaded);
      setExpanded(open);
      const first = values[0];
      setActive(
        first === undefined
          ? -1
          : treeRows(nodes, open, loaded).findIndex((r) => valueKey(r.node.value) === valueKey(first)),
      );
    } else {
      const path = nodesOfPath(nodes, values, loaded);
      setDrill(path.slice(0, -1));
      const current = path.at(-1);
      const level = path.length > 1 ? (childrenOf(path.at(-2) as PickerNode, loaded) ?? []) : nodes;
      setActive(current ? level.indexOf(current) : -1);
    }
    setFailed(false);
    setOpen(true);
  };

  /** Loads a lazy node's children (once; a failure can be retried by opening it again). */
  const ensureChildren = async (node: PickerNode) => {
    const key = valueKey(node.value);
    if (!node.lazy || !loadChildren || loaded.has(key) || loading.has(key)) return;
    setLoading((s) => new Set(s).add(key));
    setFailed(false);
    try {
      const kids = pickerNodes(await loadChildren(node.value), lang, true);
      setLoaded((m) => new Map(m).set(key, kids));
    } catch {
      setFailed(true);
    } finally {
      setLoading((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  };

  const openBranch = (row: PickerRow) => {
    void ensureChildren(row.node);
    if (picksNodes) {
      setExpanded((s) => new Set(s).add(valueKey(row.node.value)));
    } else {
      setQuery('');
      setDrill(row.path);
      setActive(0);
    }
  };

  const closeBranch = (row: PickerRow) => {
    setExpanded((s) => {
      const next = new Set(s);
      next.delete(valueKey(row.node.value));
      return next;
    });
  };

  const choose = (row: PickerRow) => {
    if (row.node.disabled) return;
    if (!picksNodes) {
      // A cascader answers a path to a leaf; a branch opens its level.
      if (row.branch) return openBranch(row);
      onChange(row.path.map((n) => n.value));
      return close(true);
    }
    if (severally) return onChange(toggleValue(values, row.node.value));
    onChange(row.node.value);
    close(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const row = rows[active];
    const typing = query !== '';
    const moved =
      typing && (e.key === 'Home' || e.key === 'End') ? null : moveActive(e.key, active, rows.length);
    if (moved !== null) {
      e.preventDefault();
      setActive(moved);
      return;
    }
    switch (e.key) {
      case 'Enter':
        e.preventDefault();
        if (row) choose(row);
        return;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
      case 'ArrowRight':
        if (typing || !row) return;
        e.preventDefault();
        if (!row.branch) return;
        if (picksNodes && row.expanded) setActive(active + 1);
        else openBranch(row);
        return;
      case 'ArrowLeft':
      case 'Backspace':
        if (typing) return;
        e.preventDefault();
        if (!picksNodes) return goUp(drill.length - 1);
        if (e.key === 'Backspace' || !row) return;
        if (row.expanded) return closeBranch(row);
        if (row.level > 1) setActive(rows.findIndex((r) => r.node === row.path.at(-2)));
        return;
      default:
    }
  };

  /** Cascader: back to the level of `depth` nodes (0: the first level), the node left active. */
  const goUp = (depth: number) => {
    if (depth < 0) return;
    const left = drill[depth];
    const next = drill.slice(0, depth);
    setDrill(next);
    setQuery('');
    const level = levelRows(nodes, next, loaded);
    setActive(left ? level.findIndex((r) => r.node === left) : 0);
  };

  const loadingHere = [...loading].length > 0;
  const activeRow = rows[active];

  return (
    <div ref={wrapRef} className={styles.wrap}>
      <button
        ref={triggerRef}
        id={id}
        type="button"
        className={[styles.trigger, invalid ? styles.invalid : '', text ? '' : styles.placeholder].join(' ')}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onClick={() => (open ? close(true) : show())}
      >
        <span className={styles.text}>{text || placeholder}</span>
        <span className={styles.arrow} aria-hidden>
          ▾
        </span>
      </button>
      {text && !disabled ? (
        <button
          type="button"
          className={styles.clear}
          aria-label={t('formPicker.clear')}
          onClick={() => {
            onChange(undefined);
            triggerRef.current?.focus();
          }}
        >
          ×
        </button>
      ) : null}
      {open ? (
        <div className={styles.panel} role="dialog" aria-label={placeholder}>
          <Input
            autoFocus
            role="combobox"
            value={query}
            placeholder={t('formPicker.search')}
            aria-label={t('formPicker.search')}
            aria-expanded
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeRow ? rowId(active) : undefined}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(e.target.value.trim() ? 0 : -1);
            }}
            onKeyDown={onKeyDown}
          />
          {mode === 'cascader' && !query && drill.length > 0 ? (
            <nav
              className={styles.crumbs}
              aria-label={t('formPicker.path')}
              onPointerDown={(e) => e.preventDefault()}
            >
              <button type="button" className={styles.crumb} onClick={() => goUp(0)}>
                {t('formPicker.top')}
              </button>
              {drill.map((node, i) => (
                <span key={valueKey(node.value)} className={styles.crumbItem}>
                  <span aria-hidden>›</span>
                  <button
                    type="button"
                    className={styles.crumb}
                    aria-current={i === drill.length - 1 ? 'location' : undefined}
                    onClick={() => goUp(i + 1)}
                  >
                    {node.label}
                  </button>
                </span>
              ))}
            </nav>
          ) : null}
          <ul
            id={listId}
            className={styles.list}
            role={isTree && !query ? 'tree' : 'listbox'}
            aria-label={placeholder}
            aria-multiselectable={severally || undefined}
          >
            {rows.map((row, i) => {
              const key = valueKey(row.node.value);
              const selected = picksNodes
                ? chosen.has(key)
                : valueKey(values[row.path.length - 1]) === key &&
                  row.path.every((n, d) => valueKey(values[d]) === valueKey(n.value));
              const treeItem = isTree && !query;
              return (
                <li
                  key={`${i}-${key}`}
                  id={rowId(i)}
                  role={treeItem ? 'treeitem' : 'option'}
                  aria-selected={selected}
                  aria-disabled={row.node.disabled || undefined}
                  aria-level={treeItem ? row.level : undefined}
                  aria-expanded={treeItem && row.branch ? row.expanded : undefined}
                  className={[
                    styles.row,
                    i === active ? styles.active : '',
                    selected ? styles.selected : '',
                    row.node.disabled ? styles.disabled : '',
                  ].join(' ')}
                  style={treeItem ? { paddingInlineStart: 8 + (row.level - 1) * 18 } : undefined}
                  onPointerDown={(e) => e.preventDefault()}
                  onMouseMove={() => i !== active && setActive(i)}
                  onClick={() => choose(row)}
                >
                  {treeItem ? (
                    <span
                      className={styles.toggle}
                      aria-hidden
                      onClick={(e) => {
                        if (!row.branch) return;
                        e.stopPropagation();
                        setActive(i);
                        if (row.expanded) closeBranch(row);
                        else openBranch(row);
                      }}
                    >
                      {row.branch ? (row.expanded ? '▾' : '▸') : ''}
                    </span>
                  ) : null}
                  {severally ? (
                    <span className={[styles.check, selected ? styles.checked : ''].join(' ')} aria-hidden />
                  ) : null}
                  <span className={styles.label}>
                    {query ? row.path.map((n) => n.label).join(' / ') : row.node.label}
                  </span>
                  {mode === 'cascader' && !query && row.branch ? (
                    <span className={styles.more} aria-hidden>
                      ›
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {loadingHere ? <div className={styles.note}>{t('formPicker.loading')}</div> : null}
          {failed ? (
            <div className={styles.note} role="alert">
              {t('formPicker.loadFailed')}
            </div>
          ) : null}
          {rows.length === 0 && !loadingHere ? (
            <div className={styles.note}>{query ? t('formPicker.noMatch') : t('formPicker.empty')}</div>
          ) : null}
          {rows.length >= SEARCH_LIMIT && query ? (
            <div className={styles.note}>{t('formPicker.more', { count: SEARCH_LIMIT })}</div>
          ) : null}
          {severally ? (
            <div className={styles.footer}>
              <button type="button" className={styles.done} onClick={() => close(true)}>
                {t('formPicker.done')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
