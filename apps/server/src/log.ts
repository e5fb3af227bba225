/**
 * The logger the server's parts are given: pino's shape (Fastify's logger has it), narrowed to
 * what they call, so a job, the field link or a test can pass any logger of that shape.
 */
type LogFunction = {
  (object: object, message?: string): void;
  (message: string): void;
};
export type Log = { info: LogFunction; warn: LogFunction; error: LogFunction };
