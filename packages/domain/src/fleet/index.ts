/** The fleet view (issue 33 item 4): what needs a person now across the caller's sites. */
export * from './attention.ts';
