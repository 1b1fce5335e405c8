import type { Config } from '../../server/core/config';
import type { Logger } from '../../server/core/log';
import type { Inquiry } from '../../shared/api';
import type { Storage } from '../../storage/storage';
import { createMailSender } from '../notices/index';
import type { SalesService } from '../sales/index';
import { todayIn } from '../site/index';
import { FAMILY_PAGE_PATH } from './family';
import { reminderMail, startFamilyMail } from './family-mail.server';
import { type FamilyService, openFamilyService } from './family-service.server';
import { goHomeWords } from './go-home.server';

/** How often the go-home reminders are looked for (and once at start). */
const REMINDER_CHECK_MS = 60_000;

/**
 * Opens family.json and starts what runs by itself: the family emails (with SMTP set) and the
 * go-home reminders, each sent the day before (in the breeder's time zone), once.
 */
export async function startFamily(deps: {
  config: Pick<Config, 'notify' | 'publicUrl'>;
  storage: Pick<Storage, 'openDocument' | 'proofs'>;
  sales: Pick<SalesService, 'heldReservations'>;
  listInquiries: () => Promise<Inquiry[]>;
  brand: () => string;
  logger: Logger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const family = await openFamilyService({ storage: deps.storage, now: () => new Date(now()) });
  const { smtp, mailFrom, notifyEmails, timeZone } = deps.config.notify;
  const mail = smtp
    ? startFamilyMail({
        family,
        sender: createMailSender(smtp),
        from: mailFrom,
        replyTo: notifyEmails[0] ?? mailFrom,
        logger: deps.logger,
        now,
      })
    : null;

  /** The held reservations whose go-home day is today or tomorrow (her time zone), not yet reminded. */
  const due = () => {
    if (!mail) return [];
    const today = todayIn(timeZone, now());
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const day = tomorrow.toISOString().slice(0, 10);
    return deps.sales
      .heldReservations(() => '')
      .filter((reservation) => {
        const goHome = family.goHomeOf(reservation.id);
        return goHome && !goHome.remindedAt && goHome.date <= day && goHome.date >= today;
      });
  };
  const remindTomorrow = async () => {
    const owed = due();
    if (owed.length === 0) return;
    const inquiries = new Map((await deps.listInquiries()).map((inquiry) => [inquiry.id, inquiry]));
    const origin = deps.config.publicUrl;
    for (const reservation of owed) {
      const inquiry = inquiries.get(reservation.inquiryId);
      const goHome = family.goHomeOf(reservation.id);
      if (!inquiry || !goHome) continue;
      await family.remind(reservation.id, inquiry.id, (token) => ({
        to: inquiry.email,
        ...reminderMail(
          deps.brand(),
          inquiry.name,
          reservation.puppyName,
          goHomeWords(goHome),
          goHome.place,
          token && origin ? `${origin}${FAMILY_PAGE_PATH}/${token}` : '',
        ),
      }));
    }
  };
  // One check at a time; a change during one (a go-home day set for tomorrow) checks again after.
  let checking: Promise<void> | null = null;
  let again = false;
  const check = (): void => {
    if (checking) {
      again = true;
      return;
    }
    checking = remindTomorrow()
      .catch((error: unknown) => deps.logger.error('go-home-reminders', { error: String(error) }))
      .finally(() => {
        checking = null;
        if (again) {
          again = false;
          check();
        }
      });
  };
  const timer = setInterval(check, REMINDER_CHECK_MS);
  timer.unref();
  // A go-home day saved for tomorrow is reminded at once, not at the next minute's check.
  const stopWatching = family.onChange(() => {
    if (due().length > 0) check();
  });
  check();

  return {
    family,
    proofs: deps.storage.proofs,
    emailOn: Boolean(smtp),
    /** Her address for the notices of the families' questions (none: no email). */
    noticeTo: smtp ? notifyEmails[0] : undefined,
    async stop(graceMs: number) {
      clearInterval(timer);
      stopWatching();
      await checking;
      await mail?.stop(graceMs);
    },
  };
}

export type FamilyFeature = Awaited<ReturnType<typeof startFamily>> & { family: FamilyService };
