import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../api/products';
import { MenuIcon } from './menu-icon';
import styles from './product-tabs.module.css';

/** Spec S0.5.16: at most 7 main products in the top bar. */
export const TOP_BAR_PRODUCT_MAX = 7;

/** The products of the top bar: the user's favourites, or the first ones when none is marked. */
export function topBarProducts(products: readonly Product[]): Product[] {
  const favourites = products.filter((p) => p.tuck === 1);
  return (favourites.length > 0 ? favourites : products).slice(0, TOP_BAR_PRODUCT_MAX);
}

/**
 * Product tabs in the top bar (spec S0.1.3); the active product is always shown. A clicked tab is marked at
 * once, while the switch loads the product's menu and first page.
 */
export function ProductTabs({
  products,
  active,
  onSelect,
}: {
  products: readonly Product[];
  active: Product | null;
  onSelect: (product: Product) => Promise<void>;
}) {
  const { t } = useTranslation();
  const activeKey = active ? String(active.id) : undefined;
  // The clicked tab is marked until the product in use changes (the switch has arrived) or the switch fails.
  const [switching, setSwitching] = useState<{ to: string; from: string | undefined } | null>(null);
  if (switching && switching.from !== activeKey) setSwitching(null);
  const shown = topBarProducts(products);
  if (active && !shown.some((p) => p.id === active.id)) shown.push(active);
  return (
    <Tabs
      className={styles.tabs}
      aria-label={t('layout.products')}
      activeKey={switching?.to ?? activeKey}
      onChange={(key) => {
        const product = products.find((p) => String(p.id) === key);
        if (!product) return;
        setSwitching({ to: key, from: activeKey });
        // A failed switch leaves the product in use marked; the request layer has said why.
        onSelect(product).catch(() => setSwitching(null));
      }}
      items={shown.map((p) => ({
        key: String(p.id),
        label: (
          <span className={styles.label}>
            <MenuIcon name={p.icon} />
            {p.productName}
          </span>
        ),
      }))}
    />
  );
}
