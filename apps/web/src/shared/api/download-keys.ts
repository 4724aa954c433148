/**
 * The root of the signed-in user's download-list queries (the downloads feature keys its lists under it):
 * an export that starts a task invalidates it, so the list and the top bar's count of files being
 * generated are asked again. Here, not in the feature, because shared code imports no feature; a module
 * of its own, because the layout's download button loads it.
 */
export const exportTaskQueryKey = (userId: number) => ['downloads', userId] as const;
