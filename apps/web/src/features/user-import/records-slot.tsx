import { lazy, Suspense } from 'react';
import { loadCataloguePart } from '../../i18n/i18n';
import { useRecordsView } from './model/records-store';

// The dialog, the badge and their texts load only once the user opens the records (spec S0.2.22).
const ImportRecords = lazy(async () => {
  const [module] = await Promise.all([import('./components/import-records'), loadCataloguePart('admin')]);
  return { default: module.ImportRecords };
});

/** The layout's place for the import records dialog and its floating badge: nothing until opened. */
export function ImportRecordsSlot() {
  const view = useRecordsView();
  if (view === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <ImportRecords view={view} />
    </Suspense>
  );
}
