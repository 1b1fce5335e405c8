import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { escapeHtml } from '../pages/html';
import type { Certificates } from './certificates';

const CHALLENGE_PREFIX = '/.well-known/acme-challenge/';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

interface PlainHttpDeps {
  certificates: Pick<Certificates, 'challenge' | 'current' | 'status'>;
  /** https://DOMAIN: where every plain-http request is sent. */
  publicUrl: string;
  /** The app, for the container's health check from inside (loopback only). */
  app: RequestListener;
}

/**
 * Port 80 with DOMAIN set (decision 122): the ACME HTTP-01 answers; `GET /healthz` from this
 * machine itself (the container's health check) to the app; everything else a 308 to the same
 * path on https://DOMAIN, or, while there is no certificate yet, the set-up page (503).
 */
export function plainHttpListener({ certificates, publicUrl, app }: PlainHttpDeps): RequestListener {
  return (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith(CHALLENGE_PREFIX))
      return answerChallenge(certificates, url.slice(CHALLENGE_PREFIX.length), res);
    if ((url === '/healthz' || url.startsWith('/healthz?')) && LOOPBACK.has(req.socket.remoteAddress ?? ''))
      return app(req, res);
    if (!certificates.current()) return setUpPage(certificates, publicUrl, req, res);
    // The origin is the configured one, never the request's Host: no redirect to a name of the
    // client's choosing. A request line in absolute form ("GET http://x/y") keeps only its path.
    const path = url.startsWith('/') ? url : '/';
    res.writeHead(308, {
      Location: `${publicUrl}${path}`,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': '0',
    });
    res.end();
  };
}

function answerChallenge(certificates: PlainHttpDeps['certificates'], token: string, res: ServerResponse) {
  const keyAuthorization = /^[\w-]+$/.test(token) ? certificates.challenge(token) : undefined;
  const body = keyAuthorization ?? 'Not found';
  res.writeHead(keyAuthorization ? 200 : 404, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/** The operator's first minutes: what is happening, and what to do when it does not work. */
function setUpPage(
  certificates: PlainHttpDeps['certificates'],
  publicUrl: string,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const status = certificates.status();
  const next = status.nextAttempt ? new Date(status.nextAttempt).toUTCString() : null;
  const domain = escapeHtml(status.domain);
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="30"><title>Setting up HTTPS for ${domain}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:0 .2em}.problem{border-left:4px solid #b42318;padding:.5rem 1rem;background:#fff4f2}</style>
</head><body>
<h1>Setting up HTTPS for ${domain}</h1>
<p>This server is getting its certificate for <strong>${domain}</strong>. The site opens on
<code>${escapeHtml(publicUrl)}</code> as soon as it has one; this page refreshes every 30 seconds.</p>
${
  status.problem
    ? `<div class="problem"><p><strong>Not yet:</strong> ${escapeHtml(status.problem)}</p>${
        next ? `<p>The server tries again by itself at ${escapeHtml(next)}.</p>` : ''
      }</div>`
    : '<p>It is asking the certificate authority now: this usually takes less than a minute.</p>'
}
<p>For the site's owner: the server's log says the same (<code>docker compose logs</code>). Once the
site opens, create the administrator: <code>docker compose exec doodles node dist/server/create-admin.js --username EMAIL</code>.</p>
</body></html>
`;
  res.writeHead(503, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Retry-After': '30',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
