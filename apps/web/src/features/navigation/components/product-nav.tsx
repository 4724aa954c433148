import { Modal } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog and its drag-sorting code stay out of the login and first-page bundles.
const ProductNavDialog = lazy(async () => ({
  default: (await import('./product-nav-dialog')).ProductNavDialog,
}));

/**
 * The product navigation dialog of the logo bar's 'all products' button (spec S0.1.5), loaded when first
 * opened and kept afterwards, so opening it again is immediate.
 */
export function ProductNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [wasOpened, setWasOpened] = useState(open);
  if (open && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense
      fallback={<Modal open={open} loading title={t('productNav.title')} footer={null} onCancel={onClose} />}
    >
      <ProductNavDialog open={open} onClose={onClose} />
    </Suspense>
  );
}
