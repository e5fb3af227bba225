/** @paddock/domain: the spec's entities, schemas and rules, pure and clock-free. */
export * from './entities/vocabulary.ts';
