import { useSyncExternalStore } from 'react';

/** Whether this browser lets the page go full screen (the button is hidden otherwise). */
export function isFullScreenSupported(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.fullscreenEnabled === true &&
    typeof document.documentElement.requestFullscreen === 'function'
  );
}

function isFullScreen(): boolean {
  return typeof document !== 'undefined' && document.fullscreenElement != null;
}

function subscribe(listener: () => void): () => void {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}

/** Full screen of the whole page, following changes made with Esc or F11 too. */
export function useFullScreen(): { isFullScreen: boolean; toggle: () => void } {
  const isOn = useSyncExternalStore(subscribe, isFullScreen, () => false);
  const toggle = () => {
    // A refusal (no user gesture, a permissions policy) leaves the page as it is; nothing to report.
    const change = isFullScreen() ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void change.catch(() => undefined);
  };
  return { isFullScreen: isOn, toggle };
}
