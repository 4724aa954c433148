import type { QueryClient } from '@tanstack/react-query';

/**
 * The code of the signed-in app, loaded by the router (router.tsx) through this small chunk so that it
 * can wait: on the light path (the student's workbench on a phone, docs/web-shell.md "The light first
 * paint") index.html sets `window.psyFirstPaint`, and Ant Design, the layout and the start-up calls are
 * asked for only once the light view has painted. On a slow phone they would otherwise share the six
 * connections and 200 kB/s with the light view's code and its call. Elsewhere there is nothing to wait for.
 */
const afterFirstPaint = async (): Promise<void> => {
  if (!window.psyFirstPaint) return;
  // Named here so the build emits the light view's module; index.html has usually loaded it already.
  void import('./first-paint/first-paint');
  await window.psyFirstPaint;
};

export async function loadAntdProviders() {
  await afterFirstPaint();
  return import('./antd-providers');
}

/** The layout; the signed-in start-up calls go out while its code downloads, not after it. */
export async function loadAppLayout(queryClient: QueryClient) {
  await afterFirstPaint();
  void import('./startup-prefetch').then((m) => m.prefetchStartup(queryClient, window.location.pathname));
  return import('./layout/app-layout');
}
