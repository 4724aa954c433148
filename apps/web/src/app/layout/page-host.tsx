import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { recordRenderError } from '../../features/client-logs';
import { RouteLoading } from '../routes/route-loading';
import { RouteLoadFailed } from '../routes/route-error-page';
import { EMBEDDED_PAGE, MENU_PAGES, MODULE_UNAVAILABLE_PAGE, SHELL_PAGES } from './page-registry';
import { menuRoutePath } from '../../features/navigation/lib/menu';
import type { ResolvedPage } from './resolve-page';

interface BoundaryState {
  error: unknown;
}

/** A page whose code fails to load or that throws while rendering shows 'loading failed...' (spec S0.2.19). */
class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    // React does not pass errors its boundaries catch to the window: the error log gets them here (spec S0.2.26).
    recordRenderError(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteLoadFailed embedded /> : this.props.children;
  }
}

function PageBody({ page }: { page: ResolvedPage }) {
  switch (page.kind) {
    case 'shell': {
      const Page = SHELL_PAGES[page.key];
      return <Page />;
    }
    case 'embedded':
      return <EMBEDDED_PAGE url={page.url} title={page.menu.label} />;
    case 'menu': {
      const path = menuRoutePath(page.menu);
      const Page = (path && MENU_PAGES[path]) || MODULE_UNAVAILABLE_PAGE;
      return <Page />;
    }
    default:
      return <RouteLoading embedded />;
  }
}

/** One page of the content area, loaded on demand. */
export function PageHost({ page }: { page: ResolvedPage }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<RouteLoading embedded />}>
        <PageBody page={page} />
      </Suspense>
    </PageErrorBoundary>
  );
}
