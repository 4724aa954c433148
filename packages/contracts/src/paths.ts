/** Roots the server serves as they are; every other spec path is served under `/biz` (spec S0.7). */
export const UNPREFIXED_API_ROOTS = ['/admin', '/auth', '/code', '/biz'] as const;

/** The path the server serves for a spec path: `/admin`, `/auth`, `/code` and `/biz` stay, others get `/biz`. */
export function withApiPrefix(path: string): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  const isServedAsIs = UNPREFIXED_API_ROOTS.some(
    (root) => normalised === root || normalised.startsWith(`${root}/`) || normalised.startsWith(`${root}?`),
  );
  return isServedAsIs ? normalised : `/biz${normalised}`;
}

/** Whether a path belongs to the API (and never to the web app's pages). */
export function isApiPath(path: string): boolean {
  return UNPREFIXED_API_ROOTS.some(
    (root) => path === root || path.startsWith(`${root}/`) || path.startsWith(`${root}?`),
  );
}

/**
 * The user and system routes of the web app (spec S0.2.14): the seed gives each a menu entry, and the web
 * app answers 403 (not 404) when the user's menu does not grant one.
 */
export const SYSTEM_ROUTE_PATHS = [
  '/userinfo/index',
  '/info/index',
  '/user_manage/resetFields',
  '/user_manage/userinfo',
  '/roleDetails/index',
  '/admin/role/index',
  '/downloadFile/fileList',
  '/pdfPreview',
  '/noticeList/index',
  '/noticeList/detail',
  '/notice_manage/noticePublish',
  '/message/systemInformation',
  '/messageManageDetails',
  '/signature',
  '/cstc001',
  '/test/index',
] as const;
