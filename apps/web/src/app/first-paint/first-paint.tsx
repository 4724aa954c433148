import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchHotlines } from '../../features/crisis/api/hotlines';
import { i18nReady, loadCataloguePart } from '../../i18n/i18n';
import { readActiveRoleId, readSession, type Session } from '../../shared/session/session-store';
import { isFullWorkbenchShown } from './handover';
import { LightWorkbench, type Hotlines } from './light-workbench';

declare global {
  interface Window {
    /** Set by index.html on the light path: resolves once the light view has painted (or given up). */
    psyFirstPaint?: Promise<void>;
    /** Resolves `psyFirstPaint` and asks for the full app's code (index.html); safe to call twice. */
    psyFirstPaintDone?: () => void;
  }
}

/** Past this the full app is shown whatever it shows (an error page): the light view never hides it long. */
const HANDOVER_GUARD_MS = 20_000;

interface FirstPaintProps {
  session: Session;
  onPainted: () => void;
  onHotlines: (hotlines: Hotlines) => void;
}

/**
 * The light view with its data. It asks for the hotlines itself, without the query cache: this module
 * using the app's query client or its provider would split the query library's core out of the entry
 * into files of its own (scripts/route-sizes.mjs). The full help card's answer comes with the start-up
 * calls (startup-prefetch.ts).
 */
function FirstPaint({ session, onPainted, onHotlines }: FirstPaintProps) {
  const [hotlines, setHotlines] = useState<Hotlines>();
  const [hasHelpTexts, setHelpTexts] = useState(false);
  useEffect(() => {
    void loadCataloguePart('crisis').then(() => setHelpTexts(true));
    fetchHotlines().then(
      (answer) => {
        setHotlines(answer);
        onHotlines(answer);
      },
      // The full card asks again and shows the failure.
      () => undefined,
    );
  }, [onHotlines]);
  // After the first paint, not the first commit: the full app's downloads wait for this.
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(onPainted));
  }, [onPainted]);
  return (
    <LightWorkbench
      user={session.user}
      activeRoleId={readActiveRoleId()}
      hotlines={hotlines}
      hasHelpTexts={hasHelpTexts}
    />
  );
}

/**
 * The student's workbench painted before Ant Design and the layout have downloaded (docs/web-shell.md,
 * "The light first paint"). index.html loads this module on the workbench at phone width for a student's
 * session, hides the app's root (`data-first-paint`) and holds the full app's code back until the light
 * view has painted, so the two do not share the slow connection. The light view draws into a root of its
 * own over the app's; it goes, and the app's root shows, once the full workbench shows the same content.
 */
function start(): void {
  const html = document.documentElement;
  const done = () => window.psyFirstPaintDone?.();
  const session = readSession();
  if (!session || !html.hasAttribute('data-first-paint')) {
    html.removeAttribute('data-first-paint');
    done();
    return;
  }
  const container = document.createElement('div');
  container.id = 'first-paint';
  document.body.prepend(container);
  // A failure of the light view shows the full app at once rather than after the guard's 20 s.
  const root = createRoot(container, { onUncaughtError: () => handOver() });
  let shown: Hotlines | null = null;
  let observer: MutationObserver | null = null;
  let guard = 0;
  function handOver() {
    if (!container.isConnected) return;
    observer?.disconnect();
    clearTimeout(guard);
    // After this render: React does not unmount a root from inside its own error handling.
    setTimeout(() => root.unmount());
    // In the same task as the attribute: the app's root shows in the frame the light view goes.
    container.remove();
    html.removeAttribute('data-first-paint');
    done();
  }
  const appRoot = document.getElementById('root');
  // The whole document: Ant Design's dialogs (the start-up agreement) are portals outside the app's root.
  const has = (selector: string) => document.querySelector(selector) !== null;
  const check = () => {
    if (!appRoot || isFullWorkbenchShown(has, window.location.pathname, shown)) handOver();
  };
  const onHotlines = (hotlines: Hotlines) => {
    shown = hotlines;
    check();
  };
  observer = new MutationObserver(check);
  if (appRoot) observer.observe(document.body, { childList: true, subtree: true });
  guard = window.setTimeout(handOver, HANDOVER_GUARD_MS);
  void i18nReady.then(
    () =>
      root.render(
        <StrictMode>
          <FirstPaint session={session} onPainted={done} onHotlines={onHotlines} />
        </StrictMode>,
      ),
    handOver,
  );
}

try {
  start();
} catch {
  // The full app still comes: never leave its root hidden.
  document.documentElement.removeAttribute('data-first-paint');
  window.psyFirstPaintDone?.();
}
