/** The inbox (the server side): its API, and how an inquiry is listed (the inquiries API's too). */
export { toListed } from './inbox-query.server';
export { inboxRoutes } from './inbox-routes.server';
