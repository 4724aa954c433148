// A route module of its own, so the page's chunk holds only what the departments page needs.
export { DeptsPage as DeptsRoute } from '../../features/depts';
