import * as z from 'zod/mini';
import { INQUIRY_STATUSES } from '../../shared/sales';
import { PUPPY_FILTER_MAX_LENGTH, SEARCH_MAX_LENGTH } from './inbox';
import type { InboxCriteria } from './inbox-query.server';

export const paramMessages = {
  q: `The search (q) must be one text of at most ${SEARCH_MAX_LENGTH} characters.`,
  puppy: `The puppy filter must be one puppy name of at most ${PUPPY_FILTER_MAX_LENGTH} characters, or empty for none.`,
  status: `The status filter must be one of ${INQUIRY_STATUSES.join(', ')}.`,
  spam: 'The spam filter must be 1 (the likely spam) or left out.',
  cursor: 'The cursor must be the nextCursor of an earlier page.',
  unknown: 'Unknown query parameter.',
  invalid: 'The search parameters are not valid.',
} as const;

/** Control characters have no business in a search; refusing them keeps logs and matching plain. */
const NO_CONTROL = /^[^\p{Cc}]*$/u;

const text = (max: number, message: string) =>
  z.optional(z.string({ error: message }).check(z.maxLength(max, message), z.regex(NO_CONTROL, message)));

/** Repeated keys (`?q=a&q=b`) arrive as arrays and are refused like any other wrong type. */
const querySchema = z.strictObject(
  {
    q: text(SEARCH_MAX_LENGTH, paramMessages.q),
    puppy: text(PUPPY_FILTER_MAX_LENGTH, paramMessages.puppy),
    status: z.optional(z.enum(INQUIRY_STATUSES, { error: paramMessages.status })),
    spam: z.optional(z.literal('1', { error: paramMessages.spam })),
    cursor: z.optional(
      z.string({ error: paramMessages.cursor }).check(z.regex(/^\d{1,9}$/, paramMessages.cursor)),
    ),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? paramMessages.unknown : paramMessages.invalid) },
);

export type ParsedParams =
  | { ok: true; criteria: InboxCriteria }
  | { ok: false; message: string; errors: Record<string, string> };

/** Express's parsed `req.query` → the inbox criteria, or the reason it is refused (for a 400). */
export function parseInboxParams(query: unknown, { allowCursor = true } = {}): ParsedParams {
  const parsed = querySchema.safeParse(query ?? {});
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      // Unknown keys are not echoed back: they are whatever a client sent.
      const key = issue.code === 'unrecognized_keys' ? 'query' : String(issue.path[0] ?? 'query');
      errors[key] ??= issue.message;
    }
    return { ok: false, message: paramMessages.invalid, errors };
  }
  const { q = '', puppy, status, spam, cursor } = parsed.data;
  if (!allowCursor && cursor !== undefined)
    return { ok: false, message: paramMessages.invalid, errors: { cursor: paramMessages.unknown } };
  return {
    ok: true,
    criteria: {
      q,
      puppy: puppy ?? null,
      status: status ?? null,
      ...(spam === '1' ? { spam: true } : {}),
      before: cursor === undefined ? null : Number(cursor),
    },
  };
}
