import { StorageError } from './durable-write';

/**
 * The order of a single-writer file's changes: each runs after the one before has finished
 * (written or failed), so a check made in a change and the write that follows never interleave
 * with another request's. After close(), new changes are refused; the one under way finishes.
 */
export class OneChangeAtATime {
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** Runs `change` after the changes already queued; a failure does not stop the ones after it. */
  run<T>(change: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new StorageError('The store is closed'));
    const run = this.chain.then(change);
    this.chain = run.catch(() => {});
    return run;
  }

  /** Waits for the change under way; further changes are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await this.chain;
  }
}
