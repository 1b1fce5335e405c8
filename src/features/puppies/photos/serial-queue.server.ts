/**
 * Runs tasks one at a time, in order. Photo processing is CPU-heavy (AVIF especially): one upload
 * at a time keeps the site answering visitors on a 2-core machine while the breeder uploads.
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return {
    /** Tasks queued or running. */
    get size() {
      return waiting;
    },
    run<T>(task: () => Promise<T>): Promise<T> {
      waiting += 1;
      const result = tail.then(task).finally(() => {
        waiting -= 1;
      });
      // A failed task must not stop the ones behind it.
      tail = result.catch(() => {});
      return result;
    },
  };
}
