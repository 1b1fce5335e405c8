/**
 * The sales (the server side): the service start-up opens (a page data source: the next litter),
 * its routes, and the next litter's part in an inquiry.
 */

export type { NextLitter } from './next-litter';
export {
  isWaitlistInquiry,
  joinWaitlistAfterCrash,
  litterOfChoice,
  namesWithLitters,
  nextLitterBlock,
  nextLittersPage,
} from './next-litter.server';
export { salesRoutes } from './sales-routes.server';
export { openSalesService, type SalesService } from './sales-service.server';
