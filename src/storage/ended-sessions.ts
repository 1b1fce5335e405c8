import { BatchedWrites } from './batched-writes';
import { DurableJsonFile, type FileAt, openJsonFile } from './open-file';
import { endedSessionsFile } from './registry';

/**
 * ended-sessions.json: the ids of sessions that were signed out before they expired, so a copied
 * or kept cookie stays signed out across a restart. This process is the file's only writer.
 * An entry is kept only while its cookie could still be valid (until its absolute expiry), so
 * the file holds at most the sign-outs of the last session lifetime.
 *
 * Ending a session takes effect in memory at once and resolves once it is durably on disk;
 * sign-outs that arrive during a write join the next one.
 */
export class EndedSessions {
  // The whole map is written each time: a failed write is retried by the next sign-out.
  private readonly writes = new BatchedWrites(async () => {
    this.prune();
    await this.adapter.write({
      version: endedSessionsFile.version,
      sessions: Object.fromEntries(this.ended),
    });
  });

  private constructor(
    private readonly adapter: DurableJsonFile<{ version: number; sessions: Record<string, number> }>,
    private readonly ended: Map<string, number>,
    private readonly now: () => number,
  ) {}

  /** Reads the file (refusing a corrupt one, which is left untouched) and forgets expired entries. */
  static async open(at: FileAt, now: () => number = Date.now): Promise<EndedSessions> {
    const adapter = new DurableJsonFile<{ version: number; sessions: Record<string, number> }>(at);
    const existing = (await openJsonFile(at, endedSessionsFile))?.data ?? null;
    const ended = new Map(Object.entries(existing?.sessions ?? {}));
    const sessions = new EndedSessions(adapter, ended, now);
    sessions.prune();
    return sessions;
  }

  /** Was this session signed out (and could its cookie otherwise still be valid)? */
  has(sid: string): boolean {
    const until = this.ended.get(sid);
    return until !== undefined && until > this.now();
  }

  /**
   * Records that `sid` was signed out; `validUntil` is when its cookie expires by itself.
   * Refused from now on in this process; the promise resolves once that survives a restart.
   */
  end(sid: string, validUntil: number): Promise<void> {
    if (this.writes.closed) return this.writes.request(); // refused, and nothing changes
    if (validUntil <= this.now()) return Promise.resolve(); // expired already: nothing to remember
    this.ended.set(sid, validUntil);
    return this.writes.request();
  }

  /** Entries kept now (for tests and the bench). */
  get size(): number {
    return this.ended.size;
  }

  close(): Promise<void> {
    return this.writes.close();
  }

  private prune(): void {
    const now = this.now();
    for (const [sid, until] of this.ended) if (until <= now) this.ended.delete(sid);
  }
}
