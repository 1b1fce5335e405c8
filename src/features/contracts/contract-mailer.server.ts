import { escapeHtml } from '../../server/pages/html';
import type { ContractMailRecord, ContractRecord } from '../../storage/contracts-schema';
import {
  type MailSender,
  nextAttemptAt,
  type OutgoingMail,
  oneLine,
  type SendOutcome,
} from '../notices/index';
import type { ContractService } from './contract-service.server';

interface MailerDeps {
  contracts: Pick<ContractService, 'owedMails' | 'recordMail' | 'pdf'>;
  /** Null when email is not set up: owed emails are then recorded as skipped. */
  sender: Pick<MailSender, 'send'> | null;
  from: string;
  /** PUBLIC_URL without a trailing slash (the links in the emails). */
  publicUrl: string | undefined;
  kennel: () => string;
  logError: (event: string, error: unknown) => void;
  now?: () => number;
}

/**
 * The contracts' emails: her notice that the family signed, and the signed PDF to both. Each is
 * recorded in contracts.json before the answer that owes it (the contract on disk is the record
 * that it is owed, as an inquiry is its notice's: decision 050), sent through the mail thread
 * (decision 071) one at a time, tried again as the notices are, and resumed after a restart.
 * The family's link email is the one exception: its token is never stored, so it is sent at once
 * from memory, retried while the process runs (see `sendLink`).
 */
export function createContractMailer(deps: MailerDeps) {
  const now = deps.now ?? Date.now;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const compose = async (contract: ContractRecord, mail: ContractMailRecord): Promise<OutgoingMail> => {
    const kennel = oneLine(deps.kennel());
    const family = oneLine(contract.family?.name ?? contract.title);
    const base = {
      from: deps.from,
      to: mail.to,
      replyTo: { name: kennel, address: deps.from.match(/<([^>]+)>/)?.[1] ?? deps.from },
      messageId: `<contract-${mail.kind}.${mail.id}@${deps.from.match(/@([^\s<>@]+)>?\s*$/)?.[1] ?? 'localhost'}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    };
    if (mail.kind === 'family-signed') {
      const details = deps.publicUrl
        ? `${deps.publicUrl}/admin?q=${encodeURIComponent(contract.sentTo)}`
        : '';
      const lines = [
        `${family} signed the agreement for ${oneLine(contract.puppyName)}.`,
        'Open the inquiry\u2019s details to read it and sign as the breeder.',
        ...(details ? [details] : []),
      ];
      return {
        ...base,
        subject: `${family} signed the agreement for ${oneLine(contract.puppyName)}`,
        text: `${lines.join('\n\n')}\n`,
        html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
      };
    }
    const pdf = await deps.contracts.pdf(contract.id);
    if (!pdf) throw new Error('the PDF is not stored');
    const lines = [
      `The agreement for ${oneLine(contract.puppyName)} is signed by both.`,
      'The signed PDF is attached; keep it with your records.',
      `SHA-256 of the PDF: ${contract.pdf?.sha256 ?? ''}`,
    ];
    return {
      ...base,
      subject: `Signed: ${oneLine(contract.title)} (${oneLine(contract.puppyName)})`,
      text: `${lines.join('\n\n')}\n`,
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
      attachments: [
        {
          filename: 'signed-agreement.pdf',
          content: pdf.toString('base64'),
          encoding: 'base64',
          contentType: 'application/pdf',
        },
      ],
    };
  };

  const attempt = async (contract: ContractRecord, mail: ContractMailRecord): Promise<void> => {
    const at = now();
    let outcome: SendOutcome;
    if (!deps.sender || mail.to.filter(Boolean).length === 0) {
      outcome = { delivered: false, permanent: true, answer: 'email is not set up (SMTP_URL, NOTIFY_EMAIL)' };
      await deps.contracts.recordMail(contract.id, {
        ...mail,
        state: 'skipped',
        updatedAt: new Date(at).toISOString(),
        lastAnswer: outcome.answer,
      });
      return;
    }
    try {
      outcome = await deps.sender.send(await compose(contract, mail));
    } catch (error) {
      outcome = { delivered: false, permanent: false, answer: String((error as Error)?.message ?? error) };
    }
    const attempts = mail.attempts + 1;
    const updatedAt = new Date(now()).toISOString();
    if (outcome.delivered) {
      const { nextAttemptAt: _, ...rest } = mail;
      await deps.contracts.recordMail(contract.id, {
        ...rest,
        state: 'sent',
        attempts,
        updatedAt,
        lastAnswer: outcome.answer,
      });
      return;
    }
    const next = nextAttemptAt(attempts, outcome.permanent, Date.parse(mail.queuedAt), now());
    await deps.contracts.recordMail(contract.id, {
      ...mail,
      attempts,
      updatedAt,
      lastAnswer: outcome.answer,
      ...(next === null ? { state: 'failed' as const } : { nextAttemptAt: new Date(next).toISOString() }),
    });
  };

  const run = async () => {
    while (!stopped) {
      const owed = deps.contracts.owedMails();
      const due = owed.filter(({ mail }) => !mail.nextAttemptAt || Date.parse(mail.nextAttemptAt) <= now());
      const first = due[0];
      if (!first) {
        const soonest = Math.min(...owed.map(({ mail }) => Date.parse(mail.nextAttemptAt ?? '') || Infinity));
        if (Number.isFinite(soonest)) {
          clearTimeout(timer);
          timer = setTimeout(wake, Math.max(0, soonest - now())).unref();
        }
        return;
      }
      try {
        await attempt(first.contract, first.mail);
      } catch (error) {
        deps.logError('contract-mail', error);
        return;
      }
    }
  };

  function wake(): void {
    if (stopped) return;
    if (running) {
      running = running.then(() => (stopped ? undefined : run()));
      return;
    }
    running = run().finally(() => {
      running = null;
    });
  }

  return {
    /** Sends what is owed now (after a change that owes an email, and at start). */
    wake,
    /**
     * The family's link, sent at once: `to` the family, the link (with its token) held in memory
     * only. Returns what the first try came to.
     */
    async sendLink(contract: ContractRecord, link: string): Promise<SendOutcome> {
      if (!deps.sender)
        return { delivered: false, permanent: true, answer: 'email is not set up (SMTP_URL): copy the link' };
      const kennel = oneLine(deps.kennel());
      const url = deps.publicUrl ? `${deps.publicUrl}${link}` : link;
      const lines = [
        `${kennel} sent you the agreement for ${oneLine(contract.puppyName)} to read and sign.`,
        `Read and sign: ${url}`,
        'The link is yours alone: do not forward it.',
      ];
      return deps.sender.send({
        from: deps.from,
        to: [contract.sentTo],
        replyTo: { name: kennel, address: deps.from.match(/<([^>]+)>/)?.[1] ?? deps.from },
        subject: `Your puppy agreement for ${oneLine(contract.puppyName)} is ready to sign`,
        text: `${lines.join('\n\n')}\n`,
        html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
        messageId: `<contract-link.${contract.id}@${deps.from.match(/@([^\s<>@]+)>?\s*$/)?.[1] ?? 'localhost'}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
