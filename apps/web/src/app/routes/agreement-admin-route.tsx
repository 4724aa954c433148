import { AgreementAdminPage } from '../../features/agreements';

/**
 * `/admin/agreement/index`. A route module of its own: the layout imports the agreements feature
 * statically (the start-up dialog), so a dynamic import of the feature would pull the admin page into
 * the layout's chunk; a named import from here keeps it in this route's chunk.
 */
export function AgreementAdminRoute() {
  return <AgreementAdminPage />;
}
