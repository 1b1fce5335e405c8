/**
 * Work a request started that writes to the stores, which a shutdown lets finish before it closes
 * them. The HTTP server's close waits only for connections: one cut off by the shutdown's grace
 * timeout (a client that keeps its connection busy) leaves its handler running, and a store
 * closed under it loses that handler's later writes (an inquiry stored, its source refused).
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** Returns `work`, remembered until it settles. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const done = () => {
      this.running.delete(work);
    };
    work.then(done, done);
    return work;
  }

  /** Resolves once all tracked work has settled, including work started meanwhile. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
