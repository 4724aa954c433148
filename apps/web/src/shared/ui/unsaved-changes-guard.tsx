import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation } from 'react-router';
import {
  closingLosesChanges,
  navigationLosesChanges,
  setUnsaved,
  unsavedPaths,
} from '../lib/unsaved-changes';

/** Asks 'leave without saving?'; `leave` runs when the user confirms. */
export function useConfirmLeave() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useCallback(
    (leave: () => void, stay?: () => void) => {
      modal.confirm({
        title: t('unsavedChanges.title'),
        content: t('unsavedChanges.content'),
        okText: t('unsavedChanges.leave'),
        cancelText: t('unsavedChanges.stay'),
        okButtonProps: { danger: true },
        onOk: leave,
        onCancel: stay,
      });
    },
    [modal, t],
  );
}

/**
 * For the tab bar: runs `close` at once, or after the confirmation when one of the closed pages has
 * unsaved changes.
 */
export function useConfirmClose() {
  const confirmLeave = useConfirmLeave();
  return useCallback(
    (paths: Iterable<string>, close: () => void) => {
      const list = [...paths];
      if (!closingLosesChanges(list, unsavedPaths())) return close();
      confirmLeave(() => {
        // Confirmed: the pages' own guards must not ask again on the way out.
        for (const path of list) setUnsaved(path, false);
        close();
      });
    },
    [confirmLeave],
  );
}

function LeaveBlocker({ keptAlive, path }: { keptAlive: boolean; path: string }) {
  const confirmLeave = useConfirmLeave();
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    navigationLosesChanges({
      dirty: unsavedPaths().has(path),
      keptAlive,
      from: currentLocation,
      to: nextLocation,
    }),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmLeave(
      () => {
        setUnsaved(path, false);
        blocker.proceed();
      },
      () => blocker.reset(),
    );
  }, [blocker, confirmLeave, path]);
  return null;
}

/**
 * Warns before unsaved changes of this page are lost (docs/forms.md "Unsaved changes"): closing or
 * reloading the browser tab (`beforeunload`), a route change that unmounts or replaces the page, and
 * closing the page's tab in the tab bar. `dirty` comes from the page's change tracking.
 */
export function UnsavedChangesGuard({ dirty, keptAlive }: { dirty: boolean; keptAlive: boolean }) {
  const location = useLocation();
  // The page's own path, fixed at mount: a kept-alive page re-renders while another page is shown.
  const [path] = useState(location.pathname);
  const active = location.pathname === path;

  useEffect(() => {
    setUnsaved(path, dirty);
    return () => setUnsaved(path, false);
  }, [path, dirty]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // One blocker at a time in the router: only the shown page with changes holds one.
  return dirty && active ? <LeaveBlocker keptAlive={keptAlive} path={path} /> : null;
}
