/**
 * Applications (issue 29, the server side): her questions, the family's apply page and its form
 * post, the application beside its inquiry, and her decision. Her screens are in admin/.
 */
export { type Applications, openApplications } from './application-service.server';
export { applicationsApi } from './applications-api.server';
export { applyRoutes } from './apply-routes.server';
export { familyApplication } from './family-apply.server';
