/**
 * Pick day (issue 29, decision 132): the server side other features and start-up use.
 */
export { type FamilyPickView, familyPickView, PickSection } from './family-section.server';
export { PickRefused } from './pick-rules.server';
export { picksApi } from './picks-routes.server';
export { clockFrom, openPicks, type PicksService } from './picks-service.server';
