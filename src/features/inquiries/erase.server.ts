import type { Logger } from '../../server/core/log';
import type { Inquiry } from '../../shared/api';
import type { Records } from '../../storage/records';

/** A file kept beside the inquiries that removes what it keeps of some of them. */
interface Forgets {
  forget(ids: readonly string[]): Promise<void>;
}

export interface EraseDeps {
  store: Pick<Records, 'listInquiries' | 'hasInquiry' | 'forgetInquiries'>;
  /** The notices' baselines (outbox.json): moved past the inquiries first. */
  notices: { forgetting(ids: ReadonlySet<string>, newestFirst: readonly Inquiry[]): Promise<void> };
  /** Statuses, notes, waitlist (sales.json); the visit sources (inquiry-sources.json); answers (applications.json). */
  beside: readonly Forgets[];
  logger: Pick<Logger, 'error'>;
}

/**
 * Deleted likely spam removed for good (issue 32, decision 113): "Delete" and the 30-day rule
 * first record the deletion (inquiry-triage.json), which hides it at once; this then removes its
 * words from every file of DATA_DIR: the baselines move past it, then what is kept beside it
 * (sales, sources, application answers, read marks), then inquiries.json is rewritten without it. Each step is one
 * durable write of one file and removes only what is there, so a crash anywhere leaves every
 * file whole and true, and the next start (or the next hourly check) runs it again: an erasure is
 * finished once the inquiry is no longer in inquiries.json, which is why that file is last.
 */
export class InquiryEraser {
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly deps: EraseDeps) {}

  /** Erases those of `ids` still stored; one erasure at a time. Resolves once all is on disk. */
  erase(ids: readonly string[]): Promise<void> {
    const run = this.running.then(() => this.eraseNow(ids));
    this.running = run.catch(() => {});
    return run;
  }

  /** Like erase, but a failure is logged (the hidden inquiry stays hidden; the next try erases it). */
  async eraseOrLog(ids: readonly string[]): Promise<void> {
    try {
      await this.erase(ids);
    } catch (error) {
      this.deps.logger.error('spam-erase', { error: String(error) });
    }
  }

  private async eraseNow(ids: readonly string[]): Promise<void> {
    const stored = ids.filter((id) => this.deps.store.hasInquiry(id));
    if (stored.length === 0) return;
    await this.deps.notices.forgetting(new Set(stored), await this.deps.store.listInquiries());
    for (const file of this.deps.beside) await file.forget(stored);
    await this.deps.store.forgetInquiries(stored);
  }
}
