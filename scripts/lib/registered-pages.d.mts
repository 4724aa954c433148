export interface RegisteredPage {
  path: string | null;
  kind: 'page' | 'adminPage';
  module: string;
  feature: string | null;
  /** The catalogue part the feature's pages load before they render (`cataloguePart`), if any. */
  part: string | null;
}
export function readRegisteredPages(webRoot: string): RegisteredPage[];
