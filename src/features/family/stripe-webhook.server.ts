import express, { type Request, Router } from 'express';
import type Stripe from 'stripe';
import { loadOnce } from '../../server/core/load-once';
import type { Logger } from '../../server/core/log';
import type { Inquiry } from '../../shared/api';
import type { SalesService } from '../sales/index';
import { todayIn } from '../site/index';
import type { FamilyService } from './family-service.server';

/** Stripe's package (218 modules) is loaded at the first event, not at every start. */
const loadStripe = loadOnce(() => import('stripe'));

/**
 * POST /api/stripe/webhook: Stripe tells of a card payment made through her Payment Link. Only an
 * event signed with STRIPE_WEBHOOK_SECRET is read (the official `stripe` package checks the
 * signature and its age offline); a `checkout.session.completed` whose `client_reference_id` is a
 * reservation records the payment, once per checkout session whatever Stripe's retries. Nothing
 * is charged here: the site never holds a Stripe API key (decision 114).
 */
export function stripeWebhook(deps: {
  secret: string;
  family: Pick<FamilyService, 'recordPayment'>;
  sales: Pick<SalesService, 'saleOf'>;
  listInquiries: () => Promise<Inquiry[]>;
  timeZone: string;
  logger: Logger;
}) {
  const router = Router();
  // The signature is over the exact bytes: the body stays raw (before the JSON-only rule).
  const raw = express.raw({ type: () => true, limit: '64kb' });
  router.post('/stripe/webhook', raw, async (req: Request, res) => {
    const signature = req.get('stripe-signature');
    const { default: stripe } = await loadStripe();
    let event: Stripe.Event;
    try {
      if (!signature || !Buffer.isBuffer(req.body)) throw new Error('unsigned');
      event = stripe.webhooks.constructEvent(req.body, signature, deps.secret);
    } catch {
      res.status(400).json({ message: 'The event could not be verified.' });
      return;
    }
    if (event.type !== 'checkout.session.completed') {
      res.json({ received: true });
      return;
    }
    const session = event.data.object;
    const reservationId = session.client_reference_id ?? '';
    const cents = session.amount_total ?? 0;
    let found = false;
    if (reservationId && session.payment_status === 'paid' && cents > 0) {
      for (const inquiry of await deps.listInquiries()) {
        if (deps.sales.saleOf(inquiry).reservation?.id !== reservationId) continue;
        found = true;
        const recorded = await deps.family.recordPayment({
          reservationId,
          cents,
          paidOn: todayIn(deps.timeZone, event.created * 1000),
          method: 'Card',
          source: 'card',
          checkoutSessionId: session.id,
        });
        deps.logger.info('card-payment', { reservationId, cents, recorded });
        break;
      }
    }
    if (!found) deps.logger.error('card-payment-unmatched', { session: session.id });
    // 200 either way: a retry would not match better, and Stripe stops retrying once answered.
    res.json({ received: true });
  });
  return router;
}
