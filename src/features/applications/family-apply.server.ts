import type { Inquiry } from '../../shared/api';
import type { InquiryStatus } from '../../shared/sales';
import type { LitterRecord } from '../litters/index';
import type { SalesService } from '../sales/index';
import { type Applications, answerField, checkAnswers } from './application-service.server';
import { applicationMessages } from './applications';
import { applyPageCache, renderApplyForm, renderApplyRefused } from './apply-page.server';
import { formValues, openForApplications } from './apply-routes.server';

interface FamilyApplyDeps {
  applications: Pick<Applications, 'questions' | 'of' | 'askedOf' | 'recordOnce' | 'onChange'>;
  litters: { litters(): readonly LitterRecord[]; onChange(listener: () => void): () => void };
  sales: Pick<SalesService, 'setStatus' | 'statusOf'>;
  brand: () => string;
  /** Her notice "New application: {name} for {litter}", queued durably (none without SMTP). */
  notify: (inquiry: Inquiry, litterName: string) => Promise<void>;
  now?: () => Date;
}

/** Statuses an application from the family page does not replace with "Applied". */
const KEEPS_ITS_STATUS: ReadonlySet<InquiryStatus> = new Set(['reserved', 'went-home']);

/** A page with its status. */
type PageAnswer = { status: number; body: string };
/** What the family page's route sends: a page with its status, or 303 back to their page. */
type FamilyApplyAnswer = { status: 303 } | PageAnswer;

const NOT_READ = 'Your answers could not be read. Please shorten them and try again.';
// The form posts to its own address (/family/{token}/apply): one page per litter, for every family.
const SELF = 'apply';

/**
 * "Apply" on a family's page (issue 29, decision 131): the family she asked answers her questions
 * there, and the application is attached to their existing inquiry — its status "Applied", the
 * answers in its details and the CSV, her notice — never a second inquiry. The token's checks
 * (unknown, ended, rate limits) are the family page's; here: she asked them, the litter still
 * takes applications, they have not applied yet (checked again in the write, so two posts at once
 * store one). The empty form is the same for every family asked for a litter: rendered once per
 * litter, questions and brand, never per request.
 */
export function familyApplication(deps: FamilyApplyDeps) {
  const now = deps.now ?? (() => new Date());
  const cached = applyPageCache(deps);

  /** The litter she asked this family to apply for, while it takes applications. */
  const asked = (inquiryId: string) => {
    const litterId = deps.applications.askedOf(inquiryId);
    return litterId ? openForApplications(deps.litters.litters(), litterId) : undefined;
  };
  const form = (
    litter: LitterRecord,
    values: Record<string, string> = {},
    errors: Record<string, string> = {},
  ) =>
    renderApplyForm({
      brand: deps.brand(),
      litterName: litter.name,
      action: SELF,
      questions: deps.applications.questions().questions,
      values,
      errors,
      fromFamilyPage: true,
    });
  const refusal = (inquiryId: string): PageAnswer | null => {
    if (deps.applications.of(inquiryId))
      return {
        status: 409,
        body: cached('applied', () =>
          renderApplyRefused(deps.brand(), 'Application sent', applicationMessages.alreadyApplied),
        ),
      };
    if (!asked(inquiryId))
      return {
        status: 404,
        body: cached('not-asked', () =>
          renderApplyRefused(deps.brand(), 'Nothing to fill in', applicationMessages.notAsked),
        ),
      };
    return null;
  };

  return {
    /**
     * The family page's card: the litter she asked them to apply for (until it stops taking
     * applications), and whether they applied and wait for her answer. Null otherwise.
     */
    cardOf(inquiryId: string): { litterName: string; applied: boolean } | null {
      if (deps.applications.askedOf(inquiryId) === undefined) return null;
      const application = deps.applications.of(inquiryId);
      if (application)
        return application.decision ? null : { litterName: application.litterName, applied: true };
      const litter = asked(inquiryId);
      return litter ? { litterName: litter.name, applied: false } : null;
    },
    /** GET /family/{token}/apply */
    page(inquiryId: string): PageAnswer {
      const refused = refusal(inquiryId);
      if (refused) return refused;
      const litter = asked(inquiryId) as LitterRecord;
      return { status: 200, body: cached(`form:${litter.id}`, () => form(litter)) };
    },
    /** POST /family/{token}/apply: `body` null when the form could not be read (too big). */
    async submit(inquiry: Inquiry, body: unknown): Promise<FamilyApplyAnswer> {
      const refused = refusal(inquiry.id);
      if (refused) return refused;
      const litter = asked(inquiry.id) as LitterRecord;
      if (body === null) return { status: 400, body: form(litter, {}, { form: NOT_READ }) };
      const questions = deps.applications.questions().questions;
      const values = formValues(body, questions.map(answerField));
      const checked = checkAnswers(questions, (field) => values[field] ?? '');
      if (Object.keys(checked.errors).length > 0)
        return { status: 400, body: form(litter, values, checked.errors) };
      try {
        // The application first: a second post (or two at once) is refused here and changes nothing.
        await deps.applications.recordOnce(inquiry.id, {
          litterId: litter.id,
          litterName: litter.name,
          appliedAt: now().toISOString(),
          answers: checked.answers,
        });
      } catch (error) {
        if ((error as { status?: number }).status === 409)
          return refusal(inquiry.id) ?? { status: 409, body: '' };
        throw error;
      }
      // A family that holds a puppy or took one home keeps that status (a reservation, a sale):
      // the application is in its details and she is told all the same.
      if (!KEEPS_ITS_STATUS.has(deps.sales.statusOf(inquiry)))
        await deps.sales.setStatus(inquiry.id, 'applied');
      await deps.notify(inquiry, litter.name);
      return { status: 303 };
    },
  };
}
