import type { Config } from '../../server/core/config';
import type { Logger } from '../../server/core/log';
import type { Records } from '../../storage/records';
import type { Storage } from '../../storage/storage';
import { createMailSender } from '../notices/index';
import type { PuppyService } from '../puppies/index';
import type { SalesService } from '../sales/index';
import type { ContentService } from '../site/index';
import { createContractMailer } from './contract-mailer.server';
import { openContractService, type ReservationFacts, type SiteFacts } from './contract-service.server';
import { createPdfMaker } from './pdf-maker.server';

/** The birth date the page shows ("February 9, 2025"): the about section's "Born" tile. */
function factsOf(content: ContentService, puppies: Pick<PuppyService, 'page' | 'stillTheSeed'>): SiteFacts {
  const page = content.page(puppies.page(), puppies.stillTheSeed());
  return {
    kennel: page.brand.full,
    price: page.facts.single,
    born: page.about.tiles.find((tile) => tile.label === 'Born')?.value ?? '',
  };
}

/**
 * Opens the contracts (contracts.json), their PDF thread and their mailer; makes the PDFs a crash
 * left unmade and resumes the emails owed. Built once by src/server/start-services.ts.
 */
export async function startContracts(deps: {
  config: Pick<Config, 'notify' | 'publicUrl'>;
  storage: Pick<Storage, 'openDocument' | 'contractPdfs'>;
  store: Pick<Records, 'listInquiries'>;
  sales: Pick<SalesService, 'heldReservation'>;
  content: ContentService;
  puppies: Pick<PuppyService, 'page' | 'stillTheSeed'>;
  /** The litter a puppy belongs to (litters.json, decision 121). */
  litters: { litterOf(puppyId: string): { name: string; born: string } | undefined };
  /** What she set on the family's page (family.json, decision 114): a price, a go-home day. */
  family: {
    priceOf(reservationId: string): number | undefined;
    goHomeOf(reservationId: string): { date: string } | undefined;
  };
  logger: Logger;
}) {
  const { notify, publicUrl } = deps.config;
  const logError = (event: string, error: unknown) => deps.logger.error(event, { error: String(error) });
  const facts = () => factsOf(deps.content, deps.puppies);
  const reservationFacts = (reservation: { id: string; puppyId: string }): ReservationFacts => {
    const litter = deps.litters.litterOf(reservation.puppyId);
    const priceCents = deps.family.priceOf(reservation.id);
    const goHomeDate = deps.family.goHomeOf(reservation.id)?.date;
    return {
      ...(litter ? { litter: litter.name } : {}),
      ...(litter?.born ? { litterBorn: litter.born } : {}),
      ...(priceCents === undefined ? {} : { priceCents }),
      ...(goHomeDate ? { goHomeDate } : {}),
    };
  };
  const pdfMaker = createPdfMaker();
  let wake = () => {};
  const service = await openContractService({
    storage: deps.storage,
    timeZone: notify.timeZone,
    facts,
    reservationFacts,
    heldReservation: deps.sales.heldReservation,
    findInquiry: async (id) => (await deps.store.listInquiries()).find((inquiry) => inquiry.id === id),
    pdfMaker,
    onMailOwed: () => wake(),
    logError,
  });
  service.setBreederEmails(notify.notifyEmails);
  const sender = notify.smtp ? createMailSender(notify.smtp) : null;
  const mailer = createContractMailer({
    contracts: service,
    sender,
    from: notify.mailFrom,
    publicUrl,
    kennel: () => facts().kennel,
    logError,
  });
  wake = mailer.wake;
  await service.makeMissingPdfs();
  mailer.wake();
  return {
    service,
    kennel: () => facts().kennel,
    timeZone: notify.timeZone,
    /** The family's link email, sent at once (its token is never stored). */
    async sendLink(contractId: string, link: string) {
      const contract = service.get(contractId);
      if (!contract) return { delivered: false, answer: 'no such contract' };
      return mailer.sendLink(contract, link);
    },
    wakeMailer: () => mailer.wake(),
    async stop(): Promise<void> {
      await mailer.stop();
      pdfMaker.close();
      sender?.close();
    },
  };
}

export type Contracts = Awaited<ReturnType<typeof startContracts>>;
