/**
 * Work a request leaves for after its answer: a password reset link's email, whose time must not
 * show in the answer's (the answer tells nobody who has an account). The app waits for it before
 * it closes, so nothing writes to a closed database, and a test that compares what a request
 * wrote waits for it too.
 */
export type AfterAnswer = {
  /** Starts `task` now without holding up the answer; a failure goes to `onError`. */
  run: (task: () => Promise<unknown>, onError: (error: unknown) => void) => void;
  /** Resolves once every task started so far (and any they started) has ended. */
  settled: () => Promise<void>;
};

export function afterAnswerWork(): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(task, onError) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .then(() => undefined, onError)
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
