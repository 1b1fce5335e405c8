import { Conflict, NotFound } from '../../server/http/pipeline';
import type { ApplicationRecord, ApplicationsData } from '../../storage/applications-schema';
import { applicationsFile } from '../../storage/registry';
import type { Storage } from '../../storage/storage';
import {
  type AnsweredQuestion,
  APPLICATION_LIMITS,
  type ApplicationDecision,
  applicationMessages,
  cleanChoices,
  NO,
  type Question,
  type QuestionSet,
  STANDARD_QUESTIONS,
  YES,
} from './applications';

/** The form field of a question's answer (the family's form, scripts on or off). */
export const answerField = (question: Pick<Question, 'id'>) => `answer-${question.id}`;

/**
 * The family's answers to `questions`, as typed (`value(field)`): each checked by its kind, the
 * errors keyed by field. Every answer is kept as text; nothing is ever interpreted.
 */
export function checkAnswers(
  questions: readonly Question[],
  value: (field: string) => string,
): { answers: AnsweredQuestion[]; errors: Record<string, string> } {
  const answers: AnsweredQuestion[] = [];
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const field = answerField(question);
    const answer = value(field).trim();
    const error = answerError(question, answer);
    if (error) errors[field] = error;
    answers.push({ question, answer });
  }
  return { answers, errors };
}

function answerError(question: Question, answer: string): string | null {
  if (answer === '') return question.required ? applicationMessages.required : null;
  switch (question.kind) {
    case 'short':
      return answer.length > APPLICATION_LIMITS.short
        ? applicationMessages.tooLong(APPLICATION_LIMITS.short)
        : null;
    case 'long':
      return answer.length > APPLICATION_LIMITS.long
        ? applicationMessages.tooLong(APPLICATION_LIMITS.long)
        : null;
    case 'choice':
      return question.choices.includes(answer) ? null : applicationMessages.choice;
    case 'yes-no':
      return answer === YES || answer === NO ? null : applicationMessages.yesNo;
    case 'phone':
      return answer.length > APPLICATION_LIMITS.phone || !/^[0-9+().\-\s]*[0-9][0-9+().\-\s]*$/.test(answer)
        ? applicationMessages.phone
        : null;
  }
}

const initial = (): ApplicationsData => ({
  version: 1,
  questionsVersion: 1,
  questions: STANDARD_QUESTIONS.map((question) => ({ ...question, choices: [...question.choices] })),
  applications: {},
});

/**
 * applications.json, opened once at start (a first start writes the standard questions): her
 * questions, and each application with its questions as asked. Every change is on disk before
 * its promise resolves.
 */
export async function openApplications({ storage }: { storage: Pick<Storage, 'openDocument'> }) {
  const file = await storage.openDocument(applicationsFile, async () => initial());
  const listeners = new Set<() => void>();
  // The inbox search's list per inquiry: the same array until the notes change (answers never do).
  const searchable = new Map<string, { notes: readonly unknown[]; combined: readonly unknown[] }>();
  async function change<T>(apply: (data: ApplicationsData) => [ApplicationsData, T]): Promise<T> {
    const { result } = await file.change(apply);
    for (const listener of listeners) listener();
    return result;
  }

  return {
    questions: (): QuestionSet => ({ version: file.data.questionsVersion, questions: file.data.questions }),
    /** Replaces the whole list (add, edit, reorder, remove), based on `version`; 409 when stale. */
    setQuestions: (input: QuestionSet): Promise<QuestionSet> =>
      change((data) => {
        if (input.version !== data.questionsVersion) throw new Conflict(applicationMessages.stale);
        const questions = input.questions.map((question) => ({
          ...question,
          choices: cleanChoices(question),
        }));
        const next = { ...data, questionsVersion: data.questionsVersion + 1, questions };
        return [next, { version: next.questionsVersion, questions }];
      }),
    of: (inquiryId: string): ApplicationRecord | undefined =>
      Object.hasOwn(file.data.applications, inquiryId) ? file.data.applications[inquiryId] : undefined,
    /** Stores a family's application beside its inquiry. */
    record: (inquiryId: string, application: Omit<ApplicationRecord, 'decision'>): Promise<void> =>
      change((data) => [
        { ...data, applications: { ...data.applications, [inquiryId]: { ...application, decision: null } } },
        undefined,
      ]),
    /**
     * A family's application from their own page, beside their existing inquiry: refused (409)
     * when that inquiry already has one, checked in the same change as the write, so two posts
     * at once store one.
     */
    recordOnce: (inquiryId: string, application: Omit<ApplicationRecord, 'decision'>): Promise<void> =>
      change((data) => {
        if (Object.hasOwn(data.applications, inquiryId))
          throw new Conflict(applicationMessages.alreadyApplied);
        return [
          {
            ...data,
            applications: { ...data.applications, [inquiryId]: { ...application, decision: null } },
          },
          undefined,
        ];
      }),
    /** Her decision; refused (409) once one was made. */
    decide: (inquiryId: string, decision: ApplicationDecision): Promise<ApplicationRecord> =>
      change((data) => {
        const found = Object.hasOwn(data.applications, inquiryId) ? data.applications[inquiryId] : undefined;
        if (!found) throw new NotFound(applicationMessages.noSuchApplication);
        if (found.decision) throw new Conflict(applicationMessages.alreadyDecided);
        const decided = { ...found, decision };
        return [{ ...data, applications: { ...data.applications, [inquiryId]: decided } }, decided];
      }),
    /**
     * Deleted likely spam erased (issue 32, decision 113): its answers and any request to apply
     * leave applications.json too. Writes only when one of `ids` is there.
     */
    async forget(ids: readonly string[]): Promise<void> {
      const has = (map: Record<string, unknown> | undefined, id: string) =>
        map !== undefined && Object.hasOwn(map, id);
      if (!ids.some((id) => has(file.data.applications, id) || has(file.data.asked, id))) return;
      for (const id of ids) searchable.delete(id);
      await change((data) => {
        const applications = { ...data.applications };
        const asked = data.asked ? { ...data.asked } : undefined;
        for (const id of ids) {
          delete applications[id];
          if (asked) delete asked[id];
        }
        return [{ ...data, applications, ...(asked ? { asked } : {}) }, undefined];
      });
    },
    /** She asks a family to apply for a litter: "Apply" shows on their family page. */
    ask: (inquiryId: string, litterId: string): Promise<void> =>
      change((data) => [{ ...data, asked: { ...data.asked, [inquiryId]: litterId } }, undefined]),
    /** The litter she asked this family to apply for, if any. */
    askedOf: (inquiryId: string): string | undefined =>
      file.data.asked && Object.hasOwn(file.data.asked, inquiryId) ? file.data.asked[inquiryId] : undefined,
    /** The CSV's "Application" cell: the litter, then each question as asked and its answer, one a line. */
    asText(inquiryId: string): string {
      const found = Object.hasOwn(file.data.applications, inquiryId)
        ? file.data.applications[inquiryId]
        : undefined;
      if (!found) return '';
      return [
        `Litter: ${found.litterName}`,
        ...found.answers.map(({ question, answer }) => `${question.label}: ${answer || '(no answer)'}`),
      ].join('\n');
    },
    /**
     * The breeder's notes on an inquiry and, for an application, its answers as one more "note":
     * the inbox search looks through both (issue 29), so "Prescott vet" finds the family whose vet
     * it is. The questions' words are left out (every application would match "yard"). The same
     * list comes back until the notes change, so the search normalizes it once.
     */
    searchableNotes<N extends { id: string; text: string; at: string }>(
      inquiryId: string,
      notes: readonly N[],
    ): readonly N[] {
      const found = Object.hasOwn(file.data.applications, inquiryId)
        ? file.data.applications[inquiryId]
        : undefined;
      const answers = found?.answers.map(({ answer }) => answer).filter((answer) => answer !== '') ?? [];
      if (!found || answers.length === 0) return notes;
      const cached = searchable.get(inquiryId);
      if (cached?.notes === notes) return cached.combined as readonly N[];
      const combined = [
        ...notes,
        { id: `application-${inquiryId}`, text: answers.join('\n'), at: found.appliedAt } as N,
      ];
      searchable.set(inquiryId, { notes, combined });
      return combined;
    },
    /** After each change (the apply page's cache forgets its pages). */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => file.close(),
  };
}

export type Applications = Awaited<ReturnType<typeof openApplications>>;
