/** The life of a request (§3 Request): its statuses, its status from its commands, overtaking. */
export * from './statuses.ts';
export * from './status-from-commands.ts';
export * from './overtaking.ts';
