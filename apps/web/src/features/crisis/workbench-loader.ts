/**
 * The workbench's crisis cards, loaded with the workbench. Kept out of the manifest: the workbench
 * importing the manifest would split it from the other features' manifests into a chunk of its own,
 * whose preload lists the layout would then pay for separately (scripts/route-sizes.mjs).
 */
export const loadCrisisWorkbenchCards = () => import('./components/workbench-cards');
