/** The visits (the server side): the page's beacon, the counter, an inquiry's source, the report's API. */
export { inquiryAttribution } from './attribution.server';
export { visitBeacon } from './beacon.server';
export { VisitCounter } from './counter.server';
export { visitsRoutes } from './visits-routes.server';
