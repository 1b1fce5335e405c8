/**
 * HTTPS by itself with DOMAIN (decision 122): what the process (main.ts), the start
 * (start-services.ts) and the route table (app.ts) use of it. Like a feature's index.ts, the one way in from outside this folder.
 */
export { Certificates } from './certificates';
export { httpsApi } from './https-routes';
export { type HttpsServers, serveHttps } from './serve';
