import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, test } from 'node:test';
import { suiteServer } from '../helpers/suite';

/**
 * What the wapiti scan and the checks beside it found, as a client sees it. Requests go through
 * node:http because fetch normalises the very paths under test ("\" to "/", "%2e%2e" to "..")
 * and refuses TRACE.
 */

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    // Node frames a DELETE body only when told its length.
    const length = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
    const req = http.request({ hostname, port, method, path, headers: { ...headers, ...length } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Express's own error page echoes the method and path ("Cannot PUT /x") and names no site. */
function assertOwnTextAnswer(res: RawResponse, what: string) {
  assert.match(String(res.headers['content-type']), /^text\/plain/, what);
  assert.doesNotMatch(res.body, /Cannot [A-Z]+|<pre>|<title>Error/, what);
}

describe('security scan findings', () => {
  const server = suiteServer();

  test('a malformed %-escape under /assets or /img is a 400, not a 500', async () => {
    for (const path of ['/assets/%E0%A4%A', '/assets/chunks/%E0%A4%A.js', '/img/%E0%A4%A']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await raw(server.url, 'GET', path, { 'Accept-Encoding': encoding });
        assert.equal(res.status, 400, `${path} (${encoding})`);
        assert.doesNotMatch(res.body, /URIError|at |\/dist/, `${path}: nothing internal`);
      }
    }
  });

  test('a directory is never redirected, so no path is echoed into Location', async () => {
    for (const path of [
      '/\\evil.example/%2e%2e/img',
      '/\\evil.example/%2e%2e/assets',
      '//evil.example/%2e%2e/assets',
      '/img',
      '/assets',
      '/assets/chunks',
      '/photos',
    ]) {
      const res = await raw(server.url, 'GET', path);
      assert.equal(res.headers.location, undefined, `${path}: no Location`);
      assert.equal(res.status, 404, path);
    }
  });

  test('no file outside the public folders comes back through /assets or /img', async () => {
    for (const path of [
      '/assets/..%2f..%2fpackage.json',
      '/assets/..%2f..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/img/..%2f..%2f..%2fpackage.json',
      '/img/..%5c..%5c..%5cpackage.json',
    ]) {
      for (const encoding of ['br', 'identity']) {
        const res = await raw(server.url, 'GET', path, { 'Accept-Encoding': encoding });
        assert.ok(res.status === 403 || res.status === 404, `${path}: ${res.status}`);
        assert.doesNotMatch(res.body, /saguaro-doodles|"dependencies"/, path);
      }
    }
  });

  test('other methods on a page get 405 with the allowed methods, as text', async () => {
    const pages = { '/': 'GET, HEAD, POST', '/admin': 'GET, HEAD', '/admin/login': 'GET, HEAD' };
    for (const [path, allow] of Object.entries(pages)) {
      for (const method of ['PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND']) {
        const res = await raw(server.url, method, path, {}, method === 'TRACE' ? undefined : 'x=1');
        assert.equal(res.status, 405, `${method} ${path}`);
        assert.equal(res.headers.allow, allow, `${method} ${path}`);
        assertOwnTextAnswer(res, `${method} ${path}`);
      }
      const options = await raw(server.url, 'OPTIONS', path);
      assert.ok(options.status === 200 || options.status === 204, `OPTIONS ${path}: ${options.status}`);
      assert.equal(options.headers.allow, allow, `OPTIONS ${path}`);
    }
  });

  test('a form posted to the sign-in page (before scripts load) gets 405, not a framework page', async () => {
    const res = await raw(
      server.url,
      'POST',
      '/admin/login',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      'username=admin%40example.com&password=secret',
    );
    assert.equal(res.status, 405);
    assertOwnTextAnswer(res, 'POST /admin/login');
  });

  test('other methods on an unknown path get a plain 404; on the API a JSON 404', async () => {
    for (const method of ['PUT', 'DELETE', 'TRACE', 'POST']) {
      const page = await raw(server.url, method, '/no-such-page/<script>');
      assert.equal(page.status, 404, `${method} page`);
      assertOwnTextAnswer(page, `${method} /no-such-page`);
      assert.doesNotMatch(page.body, /no-such-page|script/, 'the path is not echoed');

      const api = await raw(server.url, method, '/api/no-such-endpoint');
      assert.equal(api.status, 404, `${method} api`);
      assert.match(String(api.headers['content-type']), /^application\/json/);
      assert.equal(typeof JSON.parse(api.body).message, 'string');
    }
  });

  test('a cross-site post is refused as text on the contact form and as JSON on the API', async () => {
    const headers = { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' };
    const form = await raw(server.url, 'POST', '/', headers, 'name=Ann&email=a%40b.co&message=0123456789');
    assert.equal(form.status, 403);
    assert.match(String(form.headers['content-type']), /^text\/plain/);
    assert.equal(form.body, 'Requests from other sites are not accepted.');

    const api = await raw(
      server.url,
      'POST',
      '/api/inquiries',
      { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      '{}',
    );
    assert.equal(api.status, 403);
    assert.deepEqual(JSON.parse(api.body), { message: 'Requests from other sites are not accepted.' });
  });

  test('no page may be framed: X-Frame-Options agrees with frame-ancestors', async () => {
    for (const path of ['/', '/admin/login', '/nope', '/api/user']) {
      const res = await raw(server.url, 'GET', path);
      assert.equal(res.headers['x-frame-options'], 'DENY', path);
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, path);
    }
  });
});

describe('security headers', () => {
  const server = suiteServer({ env: { TRUST_PROXY: 'loopback' } });

  async function assetPath() {
    const page = await (await fetch(`${server.url}/`)).text();
    return page.match(/<script type="module" src="([^"]+)"/)?.[1] ?? '';
  }

  for (const scheme of ['http', 'https'] as const) {
    test(`on a page, an asset and the API over ${scheme}`, async () => {
      const headers: Record<string, string> = scheme === 'https' ? { 'X-Forwarded-Proto': 'https' } : {};
      for (const target of ['/', await assetPath(), '/api/user', '/nope']) {
        const res = await fetch(`${server.url}${target}`, { headers });
        const csp = res.headers.get('content-security-policy') ?? '';
        assert.match(csp, /script-src 'self'(;|$)/, `${target}: no inline script allowed`);
        assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
        for (const directive of [
          "object-src 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          "form-action 'self'",
        ]) {
          assert.ok(csp.includes(directive), `${target}: ${directive}`);
        }
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
        assert.equal(res.headers.get('referrer-policy'), 'same-origin');
        assert.equal(res.headers.get('x-powered-by'), null);
        const hsts = res.headers.get('strict-transport-security');
        if (scheme === 'https') assert.match(hsts ?? '', /max-age=31536000/);
        else assert.equal(hsts, null, 'no HSTS over plain http');
      }
    });
  }
});
