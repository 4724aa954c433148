// A route module of its own, so the page's chunk holds only what the list needs (not the whole feature).
export { UsersPage as UsersRoute } from '../../features/users';
