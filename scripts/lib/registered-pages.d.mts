export interface RegisteredPage {
  path: string | null;
  kind: 'page' | 'adminPage';
  module: string;
  feature: string | null;
  /** The catalogue parts the page loads before it renders. */
  parts: string[];
}
export function readRegisteredPages(webRoot: string): RegisteredPage[];
