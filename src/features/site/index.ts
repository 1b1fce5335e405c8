/**
 * The page's content (the server side): the service start-up opens (a page data source), its
 * API, the draft preview.
 */
export { contentApi } from './content-api.server';
export { type ContentService, openContentService } from './content-service.server';
export { ageFrom, formatBorn, todayIn } from './resolve.server';
export { sitePreview } from './site-preview.server';
