import { PAGE_SETUP_IMAGE_TYPES } from '@psy/contracts';
import { DEFAULT_PRIMARY_COLOR, resolvePrimaryColor } from '../../../shared/theme/brand';

export interface PageSetupDraft {
  systemTitle?: string | null;
  browserTitle?: string | null;
  browserIcon?: string | null;
  technicalSupport?: string | null;
  navigateLogo?: string | null;
  layoutThemeColor?: string | null;
}

export interface PageSetupPreview {
  systemTitle: string;
  browserTitle: string;
  browserIcon: string | null;
  navigateLogo: string | null;
  technicalSupport: string | null;
  /** The colour the pages will use. */
  color: string;
  /** A colour was chosen but cannot be used (white, or not a colour): the default blue shows instead. */
  isColorFallback: boolean;
}

const textOr = (v: string | null | undefined, fallback: string) => (v && v.trim() ? v.trim() : fallback);

/** How the pages will look with this draft (spec S0.1.7): a white colour falls back to the default blue. */
export function previewOf(draft: PageSetupDraft, fallbackTitle: string): PageSetupPreview {
  const chosen = draft.layoutThemeColor?.trim() ?? '';
  const color = resolvePrimaryColor(chosen);
  const systemTitle = textOr(draft.systemTitle, fallbackTitle);
  return {
    systemTitle,
    browserTitle: textOr(draft.browserTitle, systemTitle),
    browserIcon: draft.browserIcon?.trim() || null,
    navigateLogo: draft.navigateLogo?.trim() || null,
    technicalSupport: draft.technicalSupport?.trim() || null,
    color,
    isColorFallback:
      chosen !== '' && color === DEFAULT_PRIMARY_COLOR && chosen.toLowerCase() !== DEFAULT_PRIMARY_COLOR,
  };
}

/**
 * Image types an icon or logo may be uploaded as: the server re-encodes them and refuses others (SVG,
 * and .ico, which it cannot check).
 */
export const IMAGE_ACCEPT = PAGE_SETUP_IMAGE_TYPES.join(',');

/** Why an image file cannot be used, or null: type and size (PAGE_SETUP_IMAGE_MAX_BYTES). */
export function imageFileIssue(
  file: { type: string; size: number },
  maxBytes: number,
): 'type' | 'size' | null {
  if (!IMAGE_ACCEPT.split(',').includes(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}
