/**
 * The contracts (the server side, issue 30): what start-up starts (the service, the PDF worker,
 * the mailer), the admin API, the family's signing page, and a contract's status words for the
 * family page.
 */
export { statusOf } from './contract-service.server';
export { contractStatusLabels } from './contracts';
export { familyContractPage } from './family-page.server';
export { contractRoutes } from './routes.server';
export { type Contracts, startContracts } from './start.server';
