import styles from './toast.module.css';

export type PlainToastKind = 'success' | 'info' | 'warning' | 'error';

/** Path data of antd's filled status icons (MIT), so the toast looks like antd's message. */
const ICON_PATHS: Record<PlainToastKind, string> = {
  success:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z',
  info: 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm32 664c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V456c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272zm-32-344a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
  warning:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
  error:
    'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z',
};

const SVG_NS = 'http://www.w3.org/2000/svg';

interface Regions {
  host: HTMLElement;
  /** success and info: read when the reader is idle. */
  polite: HTMLElement;
  /** warnings and errors: read at once. */
  assertive: HTMLElement;
}

let regions: Regions | null = null;

/** The live regions, created on first use; a region must exist before its text for readers to announce it. */
function ensureRegions(): { regions: Regions; isNew: boolean } {
  if (regions?.host.isConnected) return { regions, isNew: false };
  const host = document.createElement('div');
  host.className = styles.host ?? '';
  const polite = document.createElement('div');
  polite.className = styles.region ?? '';
  polite.setAttribute('role', 'status');
  polite.setAttribute('aria-live', 'polite');
  const assertive = document.createElement('div');
  assertive.className = styles.region ?? '';
  assertive.setAttribute('role', 'alert');
  assertive.setAttribute('aria-live', 'assertive');
  host.append(polite, assertive);
  document.body.append(host);
  regions = { host, polite, assertive };
  return { regions, isNew: true };
}

function iconOf(kind: PlainToastKind): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '64 64 896 896');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', styles.icon ?? '');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', ICON_PATHS[kind]);
  svg.append(path);
  return svg;
}

/**
 * A toast without antd, for routes where antd's message API is not bound (the login page): a live region
 * announces it, it stays `seconds` (longer while the pointer rests on it) and then fades out.
 */
export function showPlainToast(kind: PlainToastKind, content: string, seconds: number): void {
  if (typeof document === 'undefined') return;
  const { regions: live, isNew } = ensureRegions();
  const toast = document.createElement('div');
  toast.className = `${styles.toast} ${styles[kind] ?? ''}`;
  const text = document.createElement('span');
  text.textContent = content;
  toast.append(iconOf(kind), text);
  const region = kind === 'error' || kind === 'warning' ? live.assertive : live.polite;

  let timer = 0;
  const leave = () => {
    toast.classList.add(styles.leaving ?? '');
    toast.addEventListener('animationend', () => toast.remove(), { once: true });
    // In case no animation runs (hidden tab): remove it anyway.
    window.setTimeout(() => toast.remove(), 400);
  };
  const schedule = () => {
    timer = window.setTimeout(leave, seconds * 1000);
  };
  toast.addEventListener('mouseenter', () => window.clearTimeout(timer));
  toast.addEventListener('mouseleave', schedule);

  const show = () => {
    region.append(toast);
    schedule();
  };
  // A region added in this same moment is not yet watched by screen readers: add the text a moment later.
  if (isNew) window.setTimeout(show, 100);
  else show();
}
