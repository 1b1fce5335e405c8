import { z } from 'zod';

/**
 * applications.json (issue 29, decision 131): her current questions, and each family's
 * application keyed by its inquiry's id, with every question exactly as it was asked (a later
 * edit of the questions never changes an answer given). The types the applications feature
 * works with are read off this schema.
 */

const isoTime = z.string().min(1);

const question = z.object({
  id: z.string().min(1).max(40),
  label: z.string().max(200),
  kind: z.enum(['short', 'long', 'choice', 'yes-no', 'phone']),
  required: z.boolean(),
  choices: z.array(z.string().max(80)),
});

const decision = z.union([
  z.object({ kind: z.literal('approved'), at: isoTime }),
  z.object({
    kind: z.literal('declined'),
    at: isoTime,
    message: z.string(),
    emailed: z.boolean(),
  }),
]);

const application = z.object({
  litterId: z.string().min(1),
  /** The litter's name when she applied: still shown if the litter is renamed or removed. */
  litterName: z.string(),
  appliedAt: isoTime,
  answers: z.array(z.object({ question, answer: z.string() })),
  decision: decision.nullable(),
});

export const applicationsSchema = z.object({
  version: z.literal(1),
  /** Bumped by each change of the questions: a change based on an older one is refused (409). */
  questionsVersion: z.number().int(),
  questions: z.array(question),
  /** Inquiry id → the application it carries. */
  applications: z.record(z.string(), application),
  /** Inquiry id → the litter she asked that family to apply for: "Apply" on their family page. */
  asked: z.record(z.string(), z.string().min(1)).optional(),
});

export type ApplicationsData = z.infer<typeof applicationsSchema>;
export type ApplicationRecord = z.infer<typeof application>;
