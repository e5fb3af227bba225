/** Maintenance (issue 12): battery and signal trends, and the site-wide worklist's rules. */
export * from './trend.ts';
export * from './worklist.ts';
