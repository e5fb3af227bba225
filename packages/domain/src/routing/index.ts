/** Routing (§2): routes, paths, resolution, panes, tabs, header and sidebar, as pure functions. */
export * from './inputs.ts';
export * from './route.ts';
export * from './paths.ts';
export * from './parse.ts';
export * from './guards.ts';
export * from './resolution.ts';
export * from './panes.ts';
export * from './tabs.ts';
export * from './header.ts';
