import { randomUUID } from 'node:crypto';
import type { Logger } from '../../server/core/log';
import type { Inquiry, InquiryCreated } from '../../shared/api';
import { fieldErrors, inquirySchemaFor } from '../../shared/schemas';
import type { VisitSource } from '../../shared/visit-source';
import type { Records } from '../../storage/records';
import { HONEYPOT_FIELD } from './inquiry-fields';
import type { FormTimer } from './spam-rules.server';
import type { InquiryTriage } from './triage.server';

export const INVALID_INQUIRY = 'Please correct the highlighted fields.';
export const STORAGE_UNAVAILABLE =
  'Your inquiry could not be saved just now. Please try again in a few minutes.';

export interface SubmissionDeps {
  store: Pick<Records, 'createInquiry'>;
  logger: Pick<Logger, 'error'>;
  /** Told of each stored inquiry (the email notices); returns at once, the 201 never waits. */
  notices: { enqueue(inquiry: Inquiry): void };
  /** The puppies a visitor may name: those available now (the breeder's, from DATA_DIR). */
  puppies: { availableNames(): readonly string[] };
  /** Notes where a stored inquiry's visit came from, beside it (issue 22). */
  sources: { record(id: string, source: VisitSource): Promise<void> };
  /** Puts a family who named the next litter on its waitlist ("On waitlist"), durably (issue 20). */
  waitlist?: { join(inquiry: Inquiry): Promise<void> };
  /** Scores each inquiry and holds likely spam back from the inbox and the notices (issue 32). */
  triage?: Pick<InquiryTriage, 'assess' | 'remember' | 'hold'>;
  /** Lets a shutdown wait for submissions under way before it closes the stores (in-flight.ts). */
  inFlight?: { track<T>(work: Promise<T>): Promise<T> };
}

type SubmissionResult =
  | { outcome: 'stored'; created: InquiryCreated }
  /** The honeypot was filled: answered like a success, nothing stored. */
  | { outcome: 'trapped'; created: InquiryCreated }
  | { outcome: 'invalid'; errors: Record<string, string> }
  | { outcome: 'unavailable' };

/**
 * One submission, whether it came as JSON or as a scripts-off form post: the honeypot, the
 * shared schema, then the store, which resolves only once the inquiry is on disk.
 */
export function submitInquiry(
  deps: SubmissionDeps,
  fields: Record<string, unknown>,
  source: VisitSource,
  timer: FormTimer = { state: 'missing' },
  /** Errors of the caller's own fields (an application's answers, issue 29): then nothing is stored. */
  moreErrors?: Record<string, string>,
): Promise<SubmissionResult> {
  const submission = submit(deps, fields, source, timer, moreErrors);
  return deps.inFlight ? deps.inFlight.track(submission) : submission;
}

async function submit(
  deps: SubmissionDeps,
  fields: Record<string, unknown>,
  source: VisitSource,
  timer: FormTimer,
  moreErrors: Record<string, string> | undefined,
): Promise<SubmissionResult> {
  // Checked before validation, so a bot learns nothing from field errors either.
  if (isFilled(fields[HONEYPOT_FIELD])) {
    return { outcome: 'trapped', created: { id: randomUUID(), createdAt: new Date().toISOString() } };
  }
  const offered = deps.puppies.availableNames();
  const parsed = inquirySchemaFor(offered).safeParse(fields);
  if (!parsed.success || moreErrors)
    return {
      outcome: 'invalid',
      errors: { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...moreErrors },
    };
  try {
    const verdict = deps.triage?.assess(parsed.data, timer, offered);
    const inquiry = await deps.store.createInquiry(parsed.data);
    deps.triage?.remember(inquiry);
    // Likely spam is stored and answered like any other; it only waits under "Likely spam".
    const held = verdict?.likelySpam ? await holdBack(deps, inquiry, verdict) : false;
    if (!held) {
      deps.notices.enqueue(inquiry);
      await joinWaitlist(deps, inquiry);
    }
    await recordSource(deps, inquiry.id, source);
    const { id, createdAt } = inquiry;
    return { outcome: 'stored', created: { id, createdAt } };
  } catch (error) {
    // Never the inquiry itself: the log must not hold a visitor's contact details.
    deps.logger.error('inquiry-not-stored', {
      reason: error instanceof Error ? error.message : String(error),
    });
    return { outcome: 'unavailable' };
  }
}

/**
 * The inquiry is stored either way (a retry would store it twice): a waitlist place that could
 * not be written is logged, and given at the next start (joinWaitlistAfterCrash).
 */
async function joinWaitlist(deps: SubmissionDeps, inquiry: Inquiry): Promise<void> {
  try {
    await deps.waitlist?.join(inquiry);
  } catch (error) {
    deps.logger.error('inquiry-waitlist-not-stored', {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * A verdict that could not be written lets the inquiry through (its notice is sent): a real lead
 * wrongly heard of beats one wrongly held back.
 */
async function holdBack(
  deps: SubmissionDeps,
  inquiry: Inquiry,
  verdict: Parameters<InquiryTriage['hold']>[1],
): Promise<boolean> {
  try {
    await deps.triage?.hold(inquiry, verdict);
    return true;
  } catch (error) {
    deps.logger.error('inquiry-triage-not-stored', {
      reason: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

/** The inquiry is stored either way: a source that could not be written is only logged. */
async function recordSource(deps: SubmissionDeps, id: string, source: VisitSource): Promise<void> {
  try {
    await deps.sources.record(id, source);
  } catch (error) {
    deps.logger.error('inquiry-source-not-stored', {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
