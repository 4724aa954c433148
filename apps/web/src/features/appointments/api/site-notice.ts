import { existNoticeCacheEndpoint, saveNoticeCacheEndpoint } from '@psy/contracts';
import { request } from '../../../shared/api/request';

// A file of its own, imported by the booking panel only: the calls stay out of the chunk that every page
// using the appointments feature loads.

/**
 * The site's notice when the caller has not read its current text yet, else null (S1.7.13: shown once
 * per person and version). Silent: a failed check does not stand between the visitor and booking.
 */
export async function unreadSiteNotice(siteId: number): Promise<string | null> {
  try {
    const state = await request(existNoticeCacheEndpoint, { query: { siteId }, hidePopup: true });
    return state.exist ? null : state.notice;
  } catch {
    return null;
  }
}

/** Marks the site's current notice read by the caller. */
export const markSiteNoticeRead = (siteId: number) =>
  request(saveNoticeCacheEndpoint, { query: { siteId }, hidePopup: true });
