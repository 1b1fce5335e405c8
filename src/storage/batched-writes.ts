import { StorageError } from './durable-write';

interface Waiter<E> {
  entry: E;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface BatchedWritesOptions {
  /** Waits before each write, so that more requests join it (default: one event-loop turn). */
  gather?: (closing: boolean) => Promise<void>;
  /** The refusal once closed. */
  closedMessage?: string;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Changes to a file with this process as its only writer, written in batches: requests that
 * arrive while a write is under way go into the next one, so a burst costs a few fsync'd writes,
 * not one per change. Each request resolves once a write that includes it succeeded, and is
 * rejected with that write's error. `writeBatch` does the write (and keeps what it wrote); after
 * close(), once the writes under way are done, every request is refused.
 */
export class BatchedWrites<E = void> {
  private waiting: Waiter<E>[] = [];
  private flushing: Promise<void> | null = null;
  private isClosed = false;
  private readonly gather: (closing: boolean) => Promise<void>;
  private readonly closedMessage: string;

  constructor(
    private readonly writeBatch: (entries: E[]) => Promise<void>,
    { gather = nextTurn, closedMessage = 'The store is closed' }: BatchedWritesOptions = {},
  ) {
    this.gather = gather;
    this.closedMessage = closedMessage;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  request(entry: E): Promise<void> {
    if (this.isClosed) return Promise.reject(new StorageError(this.closedMessage));
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ entry, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await this.flushing;
  }

  private async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      await this.gather(this.isClosed);
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.writeBatch(batch.map((waiter) => waiter.entry));
        for (const waiter of batch) waiter.resolve();
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    this.flushing = null;
  }
}
