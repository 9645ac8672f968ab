/**
 * Runs `fn` once after a burst: `waitMs` after the last call, but no later than `maxWaitMs` after the
 * first call of the burst, so a steady stream (hundreds of logs a second) still refreshes every
 * `maxWaitMs` instead of never or on every message. `cancel` drops a pending run.
 */
export function coalesce(fn: () => void, waitMs: number, maxWaitMs: number): { (): void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt: number | undefined;
  const run = () => {
    timer = undefined;
    firstAt = undefined;
    fn();
  };
  const call = () => {
    const now = Date.now();
    firstAt ??= now;
    clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(waitMs, firstAt + maxWaitMs - now)));
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    firstAt = undefined;
  };
  return call;
}
