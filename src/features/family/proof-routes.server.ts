import type { AdminRoutes } from '../../server/http/pipeline';
import { body, Invalid, NotFound } from '../../server/http/pipeline';
import { familyMessages, proofPaymentInput } from './family';
import { type FamilyDeps, familyState, reservationOf } from './family-routes.server';

/**
 * "Goes with" (issue 28): she matches a family's receipt to the payment it proves — the deposit
 * or a payment she recorded — so it shows beside that payment. Through the admin API's pipeline
 * (signed in, same site, one body check, refusals as `{ message, errors }`).
 */
export function familyProofRoutes(routes: AdminRoutes, deps: FamilyDeps): void {
  routes.put('/family-proofs/:id/payment', body(proofPaymentInput), async (req, res) => {
    const proof = deps.family.proof(req.params.id);
    if (!proof) throw new NotFound('This receipt is no longer kept.');
    const inquiry = (await deps.store.listInquiries()).find(
      (candidate) => reservationOf(deps.sales, candidate)?.id === proof.reservationId,
    );
    if (!inquiry) throw new NotFound(familyMessages.noReservation);
    const { paymentId } = req.body;
    if (paymentId !== null) {
      // Only a payment of this receipt's own reservation, as the family's state lists them.
      const payments = familyState(deps, inquiry).money?.payments ?? [];
      if (!payments.some((payment) => payment.id === paymentId))
        throw new Invalid(familyMessages.proofPayment, { paymentId: familyMessages.proofPayment });
    }
    await deps.family.matchProof(proof.id, paymentId);
    res.json(familyState(deps, inquiry));
  });
}
