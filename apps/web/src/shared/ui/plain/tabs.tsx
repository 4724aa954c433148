import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './plain.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

export interface TabsProps<K extends string> {
  /** Prefix of the tab and panel ids. */
  id: string;
  items: readonly TabItem<K>[];
  /** Name of the tab list for assistive technology. */
  label?: string;
  defaultKey?: K;
  className?: string;
}

/** The tab that arrow keys, Home and End lead to from `index` (wrapping around), or null for other keys. */
export function tabIndexForKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Tabs after the WAI-ARIA tabs pattern: one tab stop, arrow keys move and select (automatic activation),
 * each panel labelled by its tab. A panel stays mounted once shown, so what was typed in it survives a switch.
 */
export function Tabs<K extends string>({ id, items, label, defaultKey, className }: TabsProps<K>) {
  const [activeKey, setActiveKey] = useState<K | undefined>(defaultKey ?? items[0]?.key);
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set(activeKey ? [activeKey] : []));
  const tabs = useRef(new Map<K, HTMLButtonElement>());

  const select = (key: K) => {
    setActiveKey(key);
    setVisited((keys) => (keys.has(key) ? keys : new Set([...keys, key])));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabIndexForKey(event.key, index, items.length);
    const item = next === null ? undefined : items[next];
    if (!item) return;
    event.preventDefault();
    select(item.key);
    tabs.current.get(item.key)?.focus();
  };

  return (
    <div className={className}>
      <div className={styles.tablist} role="tablist" aria-label={label}>
        {items.map((item, index) => {
          const isActive = item.key === activeKey;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabs.current.set(item.key, node);
                else tabs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              className={styles.tab}
              aria-selected={isActive}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={isActive ? 0 : -1}
              onClick={() => select(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${id}-panel-${item.key}`}
          aria-labelledby={`${id}-tab-${item.key}`}
          className={styles.tabpanel}
          hidden={item.key !== activeKey}
        >
          {visited.has(item.key) && item.panel}
        </div>
      ))}
    </div>
  );
}
