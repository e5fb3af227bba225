/**
 * The worker's periodic work (the deadline sweep, request dispatch, the overdue sweep…): one run
 * at a time per process, so a slow run skips the ticks that come while it goes on instead of
 * piling up; a failed run is logged and the next tick tries again.
 */
export function repeatEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  return {
    /** No run starts after this; answers once the one under way (if any) is over. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
