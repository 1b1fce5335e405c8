import type http from 'node:http';
import type https from 'node:https';
import { createHttpServer, createHttpsServer } from '../core/http-server';
import type { HttpsConfig } from '../core/https-config';
import { listenOn } from '../core/listen';
import type { Certificates, ServedCertificate } from './certificates';
import { plainHttpListener } from './plain-http';

export interface HttpsServers {
  /** The servers listening now (the HTTPS one appears with the first certificate). */
  servers(): (http.Server | https.Server)[];
}

/**
 * HTTPS by itself (decision 122): plain http on HTTP_PORT at once (the ACME challenge, the
 * redirect, the set-up page); HTTPS on HTTPS_PORT from the first certificate on, and each renewal
 * put in with setSecureContext, so open connections are never dropped.
 */
export async function serveHttps(
  host: string,
  config: HttpsConfig,
  app: http.RequestListener,
  certificates: Certificates,
): Promise<HttpsServers> {
  const plain = createHttpServer(plainHttpListener({ certificates, publicUrl: config.publicUrl, app }));
  let secure: https.Server | undefined;
  await listenOn(plain, { host, port: config.httpPort, variable: 'HTTP_PORT', scheme: 'http' });
  certificates.start((certificate: ServedCertificate) => {
    if (secure) {
      secure.setSecureContext({ key: certificate.key, cert: certificate.chain });
      return;
    }
    secure = createHttpsServer(app, certificate);
    void listenOn(secure, { host, port: config.httpsPort, variable: 'HTTPS_PORT', scheme: 'https' });
  });
  return { servers: () => (secure ? [plain, secure] : [plain]) };
}
