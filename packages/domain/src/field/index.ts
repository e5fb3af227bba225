/** The field protocol between devices and the server: topics and payloads (docs/field-protocol.md). */
export * from './topics.ts';
export * from './messages.ts';
