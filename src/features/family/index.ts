/**
 * The family pages (the server side, issue 28): what start-up opens, the admin API and the
 * families' pages the composition mounts, and the Stripe webhook. Its browser screens are in
 * admin/, shown in other features' screens through src/ui/admin's slots.
 */

export { familyApi, familyPages } from './family-routes.server';
export { familyProofRoutes } from './proof-routes.server';
export { type FamilyFeature, startFamily } from './start-family.server';
export { stripeWebhook } from './stripe-webhook.server';
