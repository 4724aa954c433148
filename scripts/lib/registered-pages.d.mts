export interface RegisteredPage {
  path: string | null;
  kind: 'page' | 'adminPage';
  module: string;
  feature: string | null;
}
export function readRegisteredPages(webRoot: string): RegisteredPage[];
