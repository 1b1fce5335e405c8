/**
 * The contracts (the server side, issue 30): what start-up starts (the service, the PDF worker,
 * the mailer), the admin API, the family's signing page, and a contract's status words for the
 * family page.
 */
export { statusOf } from './contract-service.server';
export { contractStatusLabels } from './contracts';
export { contractRoutes } from './contracts-routes.server';
export { familyContractPage } from './family-contract-page.server';
export { type Contracts, startContracts } from './start-contracts.server';
