import {
  type AdminRoutes,
  body,
  CHECK_FIELDS,
  Conflict,
  Invalid,
  NotFound,
} from '../../server/http/pipeline';
import type { Inquiry } from '../../shared/api';
import type { LitterRecord } from '../litters/index';
import type { SalesService } from '../sales/index';
import type { Applications } from './application-service.server';
import {
  type ApplicationView,
  type AskState,
  applicationMessages,
  askInput,
  declineInput,
  questionSetErrors,
  questionSetInput,
} from './applications';
import { openForApplications } from './apply-routes.server';

/** The decline email's words: her message, or a kind default. */
function declineMail(brand: string, familyName: string, litterName: string, message: string) {
  return {
    subject: `Your application for ${litterName}`,
    text: [
      `Hello ${familyName},`,
      '',
      message ||
        `Thank you for applying for ${litterName}. We are sorry: we cannot offer you a place on this litter's waitlist.`,
      '',
      brand,
    ].join('\n'),
  };
}

interface ApplicationsApiDeps {
  applications: Omit<Applications, 'close' | 'onChange'>;
  sales: Pick<SalesService, 'setStatus'>;
  litters: {
    litters(): readonly LitterRecord[];
    setWaiting(inquiryId: string, litterId: string): Promise<unknown>;
  };
  findInquiry: (id: string) => Promise<Inquiry | undefined>;
  /** Queues an email to the family through the family emails' durable outbox; null: no SMTP. */
  mailFamily:
    | ((mail: { inquiryId: string; to: string; subject: string; text: string }) => Promise<void>)
    | null;
  brand: () => string;
  /** Whether the family has a family page (an active link): only then can "Apply" show there. */
  hasFamilyPage: (inquiryId: string) => boolean;
}

/**
 * Her side of issue 29, on the admin API's pipeline (signed in, same site; a refusal is its
 * status and message, a write the disk refused a 503). Every change is on disk before the answer:
 *   GET  /application                          her questions { version, questions }
 *   PUT  /application                          { version, questions }: the whole list in her order (409 if stale)
 *   GET  /inquiries/:id/application            the application as asked and answered (404: none)
 *   POST /inquiries/:id/application/approve    "Approved": last on the litter's waitlist, joined the day they applied
 *   POST /inquiries/:id/application/decline    { message?, email }: "Declined"; emailed only when asked
 */
export function applicationsApi(api: AdminRoutes, deps: ApplicationsApiDeps): void {
  const { applications } = deps;

  api.get('/application', (_req, res) => {
    res.json(applications.questions());
  });

  api.put('/application', body(questionSetInput), async (req, res) => {
    const errors = questionSetErrors(req.body.questions);
    if (Object.keys(errors).length > 0) throw new Invalid(CHECK_FIELDS, errors);
    res.json(await applications.setQuestions(req.body));
  });

  const view = (inquiryId: string): ApplicationView => {
    const found = applications.of(inquiryId);
    if (!found) throw new NotFound(applicationMessages.noSuchApplication);
    return { inquiryId, ...found, emailOn: deps.mailFamily !== null };
  };

  api.get('/inquiries/:id/application', (req, res) => {
    res.json(view(req.params.id));
  });

  /** The application still to decide: 404 without one, 409 once decided. */
  const undecided = (id: string) => {
    const found = applications.of(id);
    if (!found) throw new NotFound(applicationMessages.noSuchApplication);
    if (found.decision) throw new Conflict(applicationMessages.alreadyDecided);
    return found;
  };

  api.post('/inquiries/:id/application/approve', async (req, res) => {
    const id = req.params.id;
    const application = undecided(id);
    // Sales first, the decision last: a crash in between leaves "Approve" to press again.
    await deps.sales.setStatus(id, 'approved', new Date(application.appliedAt));
    if (deps.litters.litters().some((litter) => litter.id === application.litterId))
      await deps.litters.setWaiting(id, application.litterId);
    await applications.decide(id, { kind: 'approved', at: new Date().toISOString() });
    res.json(view(id));
  });

  // "Ask to apply" (issue 29): the family page of this inquiry shows "Apply" for that litter.
  const askState = (id: string): AskState => {
    const all = deps.litters.litters();
    const litterId = applications.askedOf(id) ?? null;
    // Without a family page there is nowhere to show "Apply": nothing to offer.
    const open = deps.hasFamilyPage(id) ? all.filter((litter) => openForApplications(all, litter.id)) : [];
    return {
      applied: applications.of(id) !== undefined,
      litterId: litterId && openForApplications(all, litterId) ? litterId : null,
      litters: open.map((litter) => ({ id: litter.id, name: litter.name })),
    };
  };
  api.get('/inquiries/:id/application/ask', (req, res) => {
    res.json(askState(req.params.id));
  });
  api.post('/inquiries/:id/application/ask', body(askInput), async (req, res) => {
    if (!(await deps.findInquiry(req.params.id))) throw new NotFound(applicationMessages.noSuchApplication);
    if (!deps.hasFamilyPage(req.params.id)) throw new Conflict(applicationMessages.noFamilyPage);
    if (!openForApplications(deps.litters.litters(), req.body.litterId))
      throw new Invalid(CHECK_FIELDS, { litterId: applicationMessages.notOpen });
    await applications.ask(req.params.id, req.body.litterId);
    res.json(askState(req.params.id));
  });

  api.post('/inquiries/:id/application/decline', body(declineInput), async (req, res) => {
    const id = req.params.id;
    const application = undecided(id);
    const message = req.body.message ?? '';
    const inquiry = await deps.findInquiry(id);
    const emailed = req.body.email && deps.mailFamily !== null && inquiry !== undefined;
    await deps.sales.setStatus(id, 'declined');
    if (emailed && inquiry && deps.mailFamily)
      await deps.mailFamily({
        inquiryId: id,
        to: inquiry.email,
        ...declineMail(deps.brand(), inquiry.name, application.litterName, message),
      });
    await applications.decide(id, { kind: 'declined', at: new Date().toISOString(), message, emailed });
    res.json(view(id));
  });
}
