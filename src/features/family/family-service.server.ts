import { randomUUID } from 'node:crypto';
import { Refused } from '../../server/http/pipeline';
import type {
  FamilyData,
  FamilyLinkRecord,
  FamilyMailRecord,
  FamilyUpdateRecord,
} from '../../storage/family-schema';
import type { JsonDocument } from '../../storage/json-document';
import { familyFile } from '../../storage/registry';
import type { Storage } from '../../storage/storage';
import type { FamilySettings, GoHomeDay } from './family';
import { hashToken, newToken, TOKEN_SHAPE } from './tokens.server';

const emptyFamily = (): FamilyData => ({
  version: 1,
  links: [],
  payments: [],
  prices: {},
  goHome: {},
  settings: { paymentInstructions: '', whatToBring: '', paymentLink: '' },
  mails: [],
  updates: [],
  proofs: [],
  questions: [],
});

/** Settled emails are kept this long (what she sees beside a family), then dropped. */
const SETTLED_KEPT_MS = 30 * 24 * 60 * 60_000;

/** What a token opens. */
export type TokenLookup =
  | { state: 'active'; link: FamilyLinkRecord }
  | { state: 'ended'; link: FamilyLinkRecord }
  | { state: 'unknown' };

export interface NewMail {
  inquiryId: string;
  kind: FamilyMailRecord['kind'];
  to: string;
  subject: string;
  text: string;
  updateId?: string;
  /** Whom a reply goes to, when not her (her notice of a family's question: the family). */
  replyTo?: { name: string; address: string };
}

export class FamilyRefused extends Refused {
  constructor(status: 404 | 409, message: string) {
    super(status, message);
  }
}

/**
 * DATA_DIR/family.json, opened once: the families' links, the money beyond the deposit, go-home
 * days, her settings and the emails to families. Every change is on disk before its promise
 * resolves (JsonDocument), so before any answer that reports it.
 */
export async function openFamilyService({
  storage,
  now = () => new Date(),
}: {
  storage: Pick<Storage, 'openDocument'>;
  now?: () => Date;
}) {
  const file: JsonDocument<typeof familyFile.schema> = await storage.openDocument(familyFile, async () =>
    emptyFamily(),
  );
  const listeners = new Set<() => void>();
  const change = async <T>(apply: (data: FamilyData) => [FamilyData, T]): Promise<T> => {
    const { result } = await file.change(apply);
    for (const listener of listeners) listener();
    return result;
  };

  // Hash → link, rebuilt when the links change (a few per family).
  let indexed: { links: readonly FamilyLinkRecord[]; byHash: Map<string, FamilyLinkRecord> } | null = null;
  const byHash = () => {
    const { links } = file.data;
    if (indexed?.links !== links)
      indexed = { links, byHash: new Map(links.map((link) => [link.tokenHash, link])) };
    return indexed.byHash;
  };

  let unseen: { questions: readonly unknown[]; ids: ReadonlySet<string> } | null = null;
  const searchable = new Map<
    string,
    { notes: readonly unknown[]; questions: readonly unknown[]; combined: readonly unknown[] }
  >();

  const activeLink = (inquiryId: string) =>
    file.data.links.find((link) => link.inquiryId === inquiryId && !link.endedAt);

  const lastLink = (inquiryId: string) => {
    let found: FamilyLinkRecord | undefined;
    for (const link of file.data.links) if (link.inquiryId === inquiryId) found = link;
    return found;
  };

  const mailRecord = (mail: NewMail, at: string): FamilyMailRecord => ({
    id: randomUUID(),
    ...mail,
    queuedAt: at,
    updatedAt: at,
    state: 'waiting',
    attempts: 0,
  });

  /** Settled mails older than the kept period are dropped by the next change. */
  const pruned = (mails: FamilyMailRecord[], at: Date) => {
    const oldest = new Date(at.getTime() - SETTLED_KEPT_MS).toISOString();
    return mails.filter((mail) => mail.state === 'waiting' || mail.updatedAt >= oldest);
  };

  return {
    data: () => file.data,
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** What a token from a URL opens; a malformed token is unknown without being hashed. */
    lookup(token: string): TokenLookup {
      if (!TOKEN_SHAPE.test(token)) return { state: 'unknown' };
      const link = byHash().get(hashToken(token));
      if (!link) return { state: 'unknown' };
      return link.endedAt ? { state: 'ended', link } : { state: 'active', link };
    },
    activeLink,
    lastLink,
    /**
     * A new link for the family, and the email that carries it when `mail` is given, in one write.
     * `replace`: every link before it ends ("Replace link"); otherwise it is one more link of the
     * family (each email carries its own, since no token is kept to send again). Answers the
     * token: it is never stored.
     */
    async newLink(
      inquiryId: string,
      mail: ((token: string) => Omit<NewMail, 'inquiryId'>) | null,
      { replace }: { replace: boolean },
    ) {
      const token = newToken();
      const at = now().toISOString();
      await change((data) => {
        const links = replace
          ? data.links.map((link) =>
              link.inquiryId === inquiryId && !link.endedAt
                ? { ...link, endedAt: at, endedBy: 'replaced' as const }
                : link,
            )
          : [...data.links];
        links.push({ inquiryId, tokenHash: hashToken(token), createdAt: at });
        const mails = mail
          ? [...pruned(data.mails, now()), mailRecord({ inquiryId, ...mail(token) }, at)]
          : data.mails;
        return [{ ...data, links, mails }, null];
      });
      return token;
    },
    /**
     * Emails that each carry a new link of their family (an update to a litter's families), all
     * in one write. Families with no active link get none: she turned their page off.
     */
    async mailWithLinks(mails: { inquiryId: string; mail: (token: string) => Omit<NewMail, 'inquiryId'> }[]) {
      const at = now().toISOString();
      const shown = mails.filter(({ inquiryId }) => activeLink(inquiryId));
      if (shown.length === 0) return 0;
      await change((data) => {
        const links = [...data.links];
        const queued = pruned(data.mails, now());
        for (const { inquiryId, mail } of shown) {
          const token = newToken();
          links.push({ inquiryId, tokenHash: hashToken(token), createdAt: at });
          queued.push(mailRecord({ inquiryId, ...mail(token) }, at));
        }
        return [{ ...data, links, mails: queued }, null];
      });
      return shown.length;
    },
    /** Ends every link of the family: each then answers "no longer active". */
    async turnOff(inquiryId: string): Promise<void> {
      if (!activeLink(inquiryId)) throw new FamilyRefused(409, 'This family has no active link.');
      const at = now().toISOString();
      await change((data) => [
        {
          ...data,
          links: data.links.map((link) =>
            link.inquiryId === inquiryId && !link.endedAt
              ? { ...link, endedAt: at, endedBy: 'turned-off' as const }
              : link,
          ),
        },
        null,
      ]);
    },
    /** Queues emails to families (on disk before this resolves). */
    async queueMails(mails: NewMail[]): Promise<void> {
      if (mails.length === 0) return;
      const at = now();
      await change((data) => [
        {
          ...data,
          mails: [...pruned(data.mails, at), ...mails.map((mail) => mailRecord(mail, at.toISOString()))],
        },
        null,
      ]);
    },
    /** A mail's try, recorded; a settled mail's text is dropped (a link's token leaves the disk). */
    async settleMail(id: string, update: Partial<FamilyMailRecord>): Promise<void> {
      await change((data) => [
        {
          ...data,
          mails: data.mails.map((mail) => {
            if (mail.id !== id) return mail;
            const next = { ...mail, ...update };
            if (next.state !== 'waiting') next.text = '';
            if (next.state !== 'waiting') delete next.nextAttemptAt;
            return next;
          }),
        },
        null,
      ]);
    },
    mailsOf: (inquiryId: string) => file.data.mails.filter((mail) => mail.inquiryId === inquiryId),
    waitingMails: () => file.data.mails.filter((mail) => mail.state === 'waiting'),
    settings: (): FamilySettings => file.data.settings,
    setSettings: (settings: FamilySettings) => change((data) => [{ ...data, settings }, null]),
    priceOf: (reservationId: string): number | undefined => file.data.prices[reservationId],
    setPrice: (reservationId: string, cents: number) =>
      change((data) => [{ ...data, prices: { ...data.prices, [reservationId]: cents } }, null]),
    paymentsOf: (reservationId: string) =>
      file.data.payments.filter((payment) => payment.reservationId === reservationId),
    async recordPayment(input: {
      reservationId: string;
      cents: number;
      paidOn: string;
      method: string;
      source: 'breeder' | 'card';
      checkoutSessionId?: string;
    }): Promise<boolean> {
      return change((data) => {
        // A card payment is recorded once per checkout session, whatever the webhook's retries.
        if (
          input.checkoutSessionId &&
          data.payments.some((payment) => payment.checkoutSessionId === input.checkoutSessionId)
        )
          return [data, false];
        const payment = { id: randomUUID(), ...input, recordedAt: now().toISOString() };
        return [{ ...data, payments: [...data.payments, payment] }, true];
      });
    },
    proofsOf: (reservationId: string) =>
      file.data.proofs.filter((proof) => proof.reservationId === reservationId),
    proof: (id: string) => file.data.proofs.find((proof) => proof.id === id),
    /** A receipt a family attached (its file already durable); at most `max` per reservation. */
    addProof: (proof: Omit<FamilyData['proofs'][number], 'id' | 'at'>, max: number) =>
      change((data) => {
        if (data.proofs.filter((item) => item.reservationId === proof.reservationId).length >= max)
          throw new FamilyRefused(409, 'too many');
        const record = { id: randomUUID(), ...proof, at: now().toISOString() };
        return [{ ...data, proofs: [...data.proofs, record] }, record];
      }),
    /**
     * "Goes with": the receipt matched to one of its reservation's payments (`paymentId` checked
     * by the caller), or to none again (null).
     */
    matchProof: (id: string, paymentId: string | null) =>
      change((data) => {
        if (!data.proofs.some((proof) => proof.id === id))
          throw new FamilyRefused(404, 'This receipt is no longer kept.');
        const proofs = data.proofs.map((proof) => {
          if (proof.id !== id) return proof;
          const { paymentId: _before, ...rest } = proof;
          return paymentId ? { ...rest, paymentId } : rest;
        });
        return [{ ...data, proofs }, null];
      }),
    /** Every update, oldest first. */
    updates: () => file.data.updates,
    /** The photos the updates use (kept by the puppies' clean-up at start). */
    photoIds: () => new Set(file.data.updates.flatMap((update) => update.photos.map((photo) => photo.id))),
    /**
     * Posts an update and, in the same write, the emails of the families concerned, each with a
     * new link of theirs (families whose page she turned off get none).
     */
    async postUpdate(
      update: Omit<FamilyUpdateRecord, 'id' | 'postedAt'>,
      mails: { inquiryId: string; mail: (token: string) => Omit<NewMail, 'inquiryId' | 'updateId'> }[],
    ): Promise<FamilyUpdateRecord> {
      const at = now().toISOString();
      const record: FamilyUpdateRecord = { id: randomUUID(), ...update, postedAt: at };
      await change((data) => {
        const links = [...data.links];
        const queued = pruned(data.mails, now());
        for (const { inquiryId, mail } of mails) {
          if (!links.some((link) => link.inquiryId === inquiryId && !link.endedAt)) continue;
          const token = newToken();
          links.push({ inquiryId, tokenHash: hashToken(token), createdAt: at });
          queued.push(mailRecord({ inquiryId, updateId: record.id, ...mail(token) }, at));
        }
        return [{ ...data, updates: [...data.updates, record], links, mails: queued }, null];
      });
      return record;
    },
    async editUpdate(id: string, text: string, photos: FamilyUpdateRecord['photos']) {
      return change((data) => {
        const before = data.updates.find((update) => update.id === id);
        if (!before) throw new FamilyRefused(404, 'This update was deleted. Reload the page.');
        const after = { ...before, text, photos, editedAt: now().toISOString() };
        return [
          { ...data, updates: data.updates.map((update) => (update.id === id ? after : update)) },
          { before, after },
        ];
      });
    },
    /** Removes the update; answers it (its photos' files are the caller's to delete). */
    async deleteUpdate(id: string) {
      return change((data) => {
        const before = data.updates.find((update) => update.id === id);
        if (!before) throw new FamilyRefused(404, 'This update was deleted. Reload the page.');
        return [{ ...data, updates: data.updates.filter((update) => update.id !== id) }, before];
      });
    },
    /** A family's question, and her notice of it (when `notice` is given), in one write. */
    ask: (inquiryId: string, text: string, notice: NewMail | null) =>
      change((data) => {
        const at = now();
        const question = { id: randomUUID(), inquiryId, text, at: at.toISOString() };
        return [
          {
            ...data,
            questions: [...data.questions, question],
            mails: notice ? [...pruned(data.mails, at), mailRecord(notice, at.toISOString())] : data.mails,
          },
          question,
        ];
      }),
    questionsOf: (inquiryId: string) =>
      file.data.questions.filter((question) => question.inquiryId === inquiryId),
    /** The inquiries with a question she has not seen: the inbox shows them "New" again. */
    unseenQuestions(): ReadonlySet<string> {
      const { questions } = file.data;
      if (unseen?.questions !== questions)
        unseen = {
          questions,
          ids: new Set(
            questions.filter((question) => !question.seenAt).map((question) => question.inquiryId),
          ),
        };
      return unseen.ids;
    },
    /** She opened the inquiry: its questions are seen (written only when one was not). */
    async seeQuestions(inquiryId: string): Promise<void> {
      if (!file.data.questions.some((question) => question.inquiryId === inquiryId && !question.seenAt))
        return;
      const at = now().toISOString();
      await change((data) => [
        {
          ...data,
          questions: data.questions.map((question) =>
            question.inquiryId === inquiryId && !question.seenAt ? { ...question, seenAt: at } : question,
          ),
        },
        null,
      ]);
    },
    /**
     * The breeder's notes and the family's questions, for the inbox's search: the same array until
     * either changes (the search keeps its normalized text per array).
     */
    searchableNotes<N extends { id: string; text: string; at: string }>(
      inquiryId: string,
      notes: readonly N[],
    ) {
      const { questions } = file.data;
      const cached = searchable.get(inquiryId);
      if (cached && cached.notes === notes && cached.questions === questions)
        return cached.combined as readonly N[];
      const own = questions.filter((question) => question.inquiryId === inquiryId);
      const combined =
        own.length === 0 ? notes : [...notes, ...own.map(({ id, text, at }) => ({ id, text, at }) as N)];
      searchable.set(inquiryId, { notes, questions, combined });
      return combined;
    },
    goHomeOf: (reservationId: string) => file.data.goHome[reservationId],
    setGoHome: (reservationId: string, day: GoHomeDay) =>
      change((data) => {
        const before = data.goHome[reservationId];
        // A new date is reminded again; the same date keeps its reminder sent.
        const remindedAt = before && before.date === day.date ? before.remindedAt : undefined;
        return [
          {
            ...data,
            goHome: { ...data.goHome, [reservationId]: { ...day, ...(remindedAt ? { remindedAt } : {}) } },
          },
          null,
        ];
      }),
    /** The reminder of a go-home day, queued once (marked in the same write as its email and link). */
    remind: (reservationId: string, inquiryId: string, mail: (token: string) => Omit<NewMail, 'inquiryId'>) =>
      change((data) => {
        const day = data.goHome[reservationId];
        if (!day || day.remindedAt) return [data, false];
        const at = now().toISOString();
        const token = newToken();
        const hasLink = data.links.some((link) => link.inquiryId === inquiryId && !link.endedAt);
        return [
          {
            ...data,
            goHome: { ...data.goHome, [reservationId]: { ...day, remindedAt: at } },
            links: hasLink
              ? [...data.links, { inquiryId, tokenHash: hashToken(token), createdAt: at }]
              : data.links,
            mails: [
              ...pruned(data.mails, now()),
              mailRecord({ inquiryId, ...mail(hasLink ? token : '') }, at),
            ],
          },
          true,
        ];
      }),
  };
}

export type FamilyService = Awaited<ReturnType<typeof openFamilyService>>;
