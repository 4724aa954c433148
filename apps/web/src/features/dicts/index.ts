export { DictsPage } from './components/dicts-page';
export { itemLabel } from './lib/dict-items';
export { dictQueryKeys } from './api/dicts';
