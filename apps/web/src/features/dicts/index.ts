export { dictsFeature } from './manifest';
export { itemLabel } from './lib/dict-items';
export { dictQueryKeys } from './api/dicts';
