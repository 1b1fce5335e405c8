import * as z from 'zod/mini';

/**
 * Applications (issue 29): the questions she asks families who apply for a litter, and what a
 * family's application is. One schema per shape for her screen (/admin/application) and the
 * server. Stored in DATA_DIR/applications.json (decision 131): the current questions, and each
 * application with the questions exactly as they were asked.
 */

export const QUESTION_KINDS = ['short', 'long', 'choice', 'yes-no', 'phone'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const questionKindLabels: Record<QuestionKind, string> = {
  short: 'Short text',
  long: 'Long text',
  choice: 'One of several choices',
  'yes-no': 'Yes or no',
  phone: 'Phone number',
};

export interface Question {
  /** Stable while she edits it; a form field is named after it. */
  id: string;
  label: string;
  kind: QuestionKind;
  required: boolean;
  /** The choices of a "choice" question, in her order; empty for every other kind. */
  choices: string[];
}

/** Her questions as stored: the list and the version a change must be based on (two tabs). */
export interface QuestionSet {
  version: number;
  questions: Question[];
}

/** One answer, with the question as it was asked (changing the questions later never changes it). */
export interface AnsweredQuestion {
  question: Question;
  /** "" when an optional question was left blank. */
  answer: string;
}

export type ApplicationDecision =
  | { kind: 'approved'; at: string }
  | { kind: 'declined'; at: string; message: string; emailed: boolean };

/** What the details show of an inquiry's application. */
export interface ApplicationView {
  inquiryId: string;
  litterId: string;
  litterName: string;
  appliedAt: string;
  answers: AnsweredQuestion[];
  decision: ApplicationDecision | null;
  /** Whether a decline can be emailed (SMTP is set up). */
  emailOn: boolean;
}

export const APPLICATION_LIMITS = {
  questions: 40,
  label: 200,
  choices: 12,
  choice: 80,
  short: 200,
  long: 2000,
  phone: 40,
  declineMessage: 2000,
} as const;

export const YES = 'Yes';
export const NO = 'No';

export const applicationMessages = {
  required: 'Please answer this question',
  tooLong: (max: number) => `At most ${max.toLocaleString('en-US')} characters`,
  choice: 'Please choose one of the answers',
  yesNo: 'Please answer yes or no',
  phone: 'Please enter a phone number',
  label: 'Write the question',
  labelLong: `A question must be at most ${APPLICATION_LIMITS.label} characters`,
  choices: 'Give at least two choices, one a line',
  choicesMany: `At most ${APPLICATION_LIMITS.choices} choices of at most ${APPLICATION_LIMITS.choice} characters each`,
  tooMany: `At most ${APPLICATION_LIMITS.questions} questions`,
  duplicate: 'Two questions have the same id. Reload the page.',
  stale:
    'The questions were changed in another tab or window. Reload the page to see them, then make your change again.',
  noSuchApplication: 'This inquiry has no application.',
  alreadyDecided: 'This application was already decided. Reload the page.',
  declineLong: `The message must be at most ${APPLICATION_LIMITS.declineMessage.toLocaleString('en-US')} characters`,
  noFamilyPage: 'Send this family their family page first: "Apply" shows there.',
  notOpen: 'Choose a litter that takes applications (planned and shown on the site, or born).',
  // What a family reads applying from their family page (issue 29).
  alreadyApplied: 'You have already applied. We read every application and will answer you by email.',
  notAsked:
    'There is no application to fill in here any more. Please reply to our email if you have a question.',
} as const;

const text = (max: number, message: string) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(max, message));

const questionInput = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/)),
  label: z
    .string({ error: applicationMessages.label })
    .check(
      z.trim(),
      z.minLength(1, applicationMessages.label),
      z.maxLength(APPLICATION_LIMITS.label, applicationMessages.labelLong),
    ),
  kind: z.enum(QUESTION_KINDS),
  required: z.boolean(),
  choices: z
    .array(text(APPLICATION_LIMITS.choice, applicationMessages.choicesMany))
    .check(z.maxLength(APPLICATION_LIMITS.choices, applicationMessages.choicesMany)),
});

/** PUT /api/application: the whole list in her order, and the version it was opened on. */
export const questionSetInput = z.object({
  version: z.number().check(z.int()),
  questions: z
    .array(questionInput)
    .check(z.maxLength(APPLICATION_LIMITS.questions, applicationMessages.tooMany)),
});

/** POST /api/inquiries/:id/application/ask: "Ask to apply" from a family's details. */
export const askInput = z.object({ litterId: z.string().check(z.minLength(1), z.maxLength(100)) });

/** GET /api/inquiries/:id/application/ask: the litter asked for, and the litters she may ask for. */
export interface AskState {
  /** The family applied from their family page: the details show the application instead. */
  applied: boolean;
  litterId: string | null;
  litters: { id: string; name: string }[];
}

/** POST /api/inquiries/:id/application/decline. */
export const declineInput = z.object({
  message: z.optional(text(APPLICATION_LIMITS.declineMessage, applicationMessages.declineLong)),
  email: z.boolean(),
});

/**
 * The set's own rules, beyond each field's: unique ids, a "choice" question with two or more
 * distinct choices (others none). Field errors keyed `questions.{index}.{field}`.
 */
export function questionSetErrors(questions: readonly Question[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  questions.forEach((question, index) => {
    if (seen.has(question.id)) errors[`questions.${index}.id`] = applicationMessages.duplicate;
    seen.add(question.id);
    if (question.kind === 'choice') {
      const distinct = new Set(question.choices.filter((choice) => choice !== ''));
      if (distinct.size < 2) errors[`questions.${index}.choices`] = applicationMessages.choices;
    }
  });
  return errors;
}

/** A question's own choices, cleaned: blanks dropped; none unless it is a "choice" question. */
export const cleanChoices = (question: Question): string[] =>
  question.kind === 'choice' ? [...new Set(question.choices.filter((choice) => choice !== ''))] : [];

const q = (
  id: string,
  label: string,
  kind: QuestionKind,
  required: boolean,
  choices: string[] = [],
): Question => ({
  id,
  label,
  kind,
  required,
  choices,
});

/**
 * The standard set at a fresh install: what breeders ask (issue 29's list, the field set Good Dog
 * and BreederWorks publish). She edits it from there.
 */
export const STANDARD_QUESTIONS: readonly Question[] = [
  q('home-type', 'What type of home do you live in?', 'choice', true, [
    'House',
    'Townhouse',
    'Apartment or condo',
    'Mobile home',
    'Other',
  ]),
  q('own-or-rent', 'Do you own or rent your home?', 'choice', true, ['Own', 'Rent']),
  q('landlord', 'If you rent: does your landlord allow a dog of this size?', 'choice', false, [
    'Yes',
    'No',
    'I rent and have not asked yet',
  ]),
  q('yard', 'Do you have a yard, and is it fenced? Tell us about it.', 'long', true),
  q('household', 'Who lives in your home? Give the ages of any children.', 'long', true),
  q('other-pets', 'What other pets do you have?', 'long', false),
  q('allergies', 'Does anyone at home have allergies to dogs?', 'yes-no', true),
  q('hours-alone', 'How many hours a day would the puppy be alone?', 'short', true),
  q('dogs-before', 'Have you had dogs before? What became of them?', 'long', true),
  q('why', 'Why this breed, and why us?', 'long', true),
  q('sex', 'Do you prefer a male or a female?', 'choice', false, ['Male', 'Female', 'No preference']),
  q('colour', 'Which colour do you prefer?', 'short', false),
  q('vet-name', "Your veterinarian's name", 'short', false),
  q('vet-phone', "Your veterinarian's phone", 'phone', false),
  q('heard', 'How did you hear about us?', 'short', false),
];
