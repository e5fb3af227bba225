/**
 * A worker loop over a table: run a round every `intervalMs`, and again at once after a round
 * that found more work than it took (so a backlog drains without waiting). A failed round (the
 * database away for a moment) is logged and the next one tries again: the rows stay. `close`
 * stops it and waits for the round in progress.
 */
export function startPollLoop(options: {
  /** One round; true when it should run again at once. */
  round: () => Promise<boolean>;
  intervalMs: number;
  onError: (error: unknown) => void;
}): { close: () => Promise<void> } {
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const round = async () => {
    let again = false;
    try {
      again = await options.round();
    } catch (error) {
      if (!closed) options.onError(error);
    }
    if (!closed) timer = setTimeout(tick, again ? 0 : options.intervalMs);
  };
  const tick = () => {
    timer = null;
    running = round().finally(() => {
      running = null;
    });
  };
  tick();

  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
