import { ORDINARY_USER_ROLE } from '@psy/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { myAgreementQueryOptions } from '../features/agreements';
import { loadPendingTestsCard } from '../features/assessment-take';
import {
  portRolesQueryOptions,
  singleRoleSwitchQueryOptions,
  userDetailQueryOptions,
  userInfoQueryOptions,
} from '../features/auth';
import { loadCrisisWorkbenchCards } from '../features/crisis';
import { hotlinesQueryOptions } from '../features/crisis/api/keys';
import { isScreenLocked } from '../features/lock';
import {
  isNavigableProduct,
  menuQueryOptions,
  normalisePath,
  productsQueryOptions,
  readStoredProductId,
  resolveActiveProduct,
  sortProducts,
} from '../features/navigation';
import { isAgreementDue } from '../features/startup';
import { currentLanguage, loadCataloguePart } from '../i18n/i18n';
import { HOME_PATH } from '../shared/lib/app-paths';
import { readSession } from '../shared/session/session-store';

let started = false;

/**
 * The signed-in start-up, asked for at once while the layout's code downloads (router.tsx): the roles and
 * the single-role setting the layout decides on, the user's information and details, the products and the
 * active product's menu, and whether the start-up agreement is due. Before, each waited for the code that
 * renders it and for the answer before it (roles, then the shell, then products, then the menu): on a slow
 * phone four round trips after the layout's download (bench/README.md, largest contentful paint). The
 * queries are the ones the components run (same keys and functions), so they find the answers in the cache.
 * On the workbench, its chunk and its cards' chunks load alongside. Failures are left to the components,
 * which ask again. The router passes its client: importing it here would split the query library's core
 * out of the entry into chunks of its own (scripts/route-sizes.mjs).
 */
export function prefetchStartup(queryClient: QueryClient, path: string): void {
  const session = readSession();
  if (started || !session || isScreenLocked()) return;
  started = true;
  const userId = session.user.id;
  // The answer, or nothing when the call failed (the component asks again and shows the failure).
  const fetched = <T>(answer: Promise<T>) => answer.catch(() => undefined);

  void fetched(queryClient.fetchQuery(portRolesQueryOptions(userId)));
  void fetched(queryClient.fetchQuery(singleRoleSwitchQueryOptions(session.tenantId)));
  const userInfo = fetched(queryClient.fetchQuery(userInfoQueryOptions(userId)));
  void fetched(queryClient.fetchQuery(userDetailQueryOptions(userId))).then((detail) => {
    const base = {
      mustChangePassword: session.user.mustChangePassword ?? false,
      isSso: session.isSso === true,
      isWriteInfo: detail?.isWriteInfo,
      isProfileDone: false,
    };
    if (detail && isAgreementDue(base)) {
      void fetched(queryClient.fetchQuery(myAgreementQueryOptions(userId, currentLanguage())));
    }
  });
  void fetched(queryClient.fetchQuery(productsQueryOptions(userId))).then((products) => {
    const active = resolveActiveProduct(
      sortProducts((products ?? []).filter(isNavigableProduct)),
      readStoredProductId(),
    );
    if (active) void fetched(queryClient.fetchQuery(menuQueryOptions(userId, active)));
  });

  if (normalisePath(path) === HOME_PATH) {
    void import('./routes/workbench-page');
    void loadCrisisWorkbenchCards();
    void loadCataloguePart('crisis');
    // The student's help card (students hold the ordinary role, features/crisis/lib/roles.ts `isStudent`),
    // often the largest paint: its hotlines come with the start-up calls.
    if (session.user.roleList.some((role) => role.roleCode === ORDINARY_USER_ROLE)) {
      void fetched(queryClient.fetchQuery(hotlinesQueryOptions(session.tenantId)));
    }
    void userInfo.then((info) => {
      if (info?.permissions.includes('plantest_take')) void loadPendingTestsCard();
    });
  }
}
