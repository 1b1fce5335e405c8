/**
 * The litters (the server side, issue 27): the service start-up opens (a page data source), its
 * admin API and its part of the page state. Its screens are in admin/, its page sections in page/.
 */

export { type LitterService, openLitterService } from './litter-service.server';
export type { LitterRecord } from './litters';
export { littersApi } from './litters-api.server';
export { withLitters } from './page-litters.server';
