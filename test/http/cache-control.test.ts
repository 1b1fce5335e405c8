import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { ADMIN, createAdmin, PASSWORD, postTo, signIn } from '../helpers/admin';
import { postForm, postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { distDir } from '../helpers/server';
import { suiteServer } from '../helpers/suite';

/** What a CDN may keep of the public page, and for how long (see the README, "Behind a CDN"). */
const PUBLIC_PAGE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC_DAY = 'public, max-age=86400';
const PRIVATE = 'private, no-store';

interface Case {
  name: string;
  request: () => Promise<Response>;
  status: number;
  cacheControl: string;
}

describe('Cache-Control of every route', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
  let cookie = '';
  let manifest: { entry: string; styles: string[] };
  let photo = '';
  before(async () => {
    await createAdmin(server.dataDir, ADMIN, PASSWORD);
    cookie = await signIn(server.url, ADMIN, PASSWORD);
    manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8'));
    photo = (await (await fetch(`${server.url}/`)).text()).match(/\/img\/[^"' ,]+\.avif/)?.[0] ?? '';
    assert.ok(photo, 'the page links a photo');
  });

  const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${server.url}${pathname}`, { method, headers, redirect: 'manual' });
  const withSession = () => ({ Cookie: cookie });

  const cases = (): Case[] => [
    // The public page: the same bytes for everyone, so a shared cache may keep it briefly.
    {
      name: 'GET / (brotli)',
      request: () => get('/', { 'Accept-Encoding': 'br' }),
      status: 200,
      cacheControl: PUBLIC_PAGE,
    },
    { name: 'GET / (no encoding)', request: () => get('/'), status: 200, cacheControl: PUBLIC_PAGE },
    { name: 'HEAD /', request: () => get('/', {}, 'HEAD'), status: 200, cacheControl: PUBLIC_PAGE },
    {
      name: 'GET / with a session cookie',
      request: () => get('/', withSession()),
      status: 200,
      cacheControl: PUBLIC_PAGE,
    },
    {
      name: 'GET /?utm_source=mail',
      request: () => get('/?utm_source=mail'),
      status: 200,
      cacheControl: PUBLIC_PAGE,
    },
    // Build output under hashed names, and public files with fixed names.
    {
      name: 'GET the entry script',
      request: () => get(manifest.entry, { 'Accept-Encoding': 'br' }),
      status: 200,
      cacheControl: IMMUTABLE,
    },
    {
      name: 'GET the stylesheet',
      request: () => get(manifest.styles[0] ?? ''),
      status: 200,
      cacheControl: IMMUTABLE,
    },
    { name: 'GET a photo', request: () => get(photo), status: 200, cacheControl: IMMUTABLE },
    { name: 'GET /robots.txt', request: () => get('/robots.txt'), status: 200, cacheControl: PUBLIC_DAY },
    { name: 'GET /sitemap.xml', request: () => get('/sitemap.xml'), status: 200, cacheControl: PUBLIC_DAY },
    {
      name: 'GET /site.webmanifest',
      request: () => get('/site.webmanifest'),
      status: 200,
      cacheControl: PUBLIC_DAY,
    },
    { name: 'GET /favicon.svg', request: () => get('/favicon.svg'), status: 200, cacheControl: PUBLIC_DAY },
    // Everything else is private and never stored.
    {
      name: 'GET /?inquiry=sent (the scripts-off result)',
      request: () => get('/?inquiry=sent'),
      status: 200,
      cacheControl: PRIVATE,
    },
    {
      name: 'POST / (scripts-off form, stored)',
      request: () => postForm(server.url, uniqueInquiry('cache-form')),
      status: 303,
      cacheControl: PRIVATE,
    },
    {
      name: 'POST / (scripts-off form, invalid)',
      request: () => postForm(server.url, { name: '' }),
      status: 400,
      cacheControl: PRIVATE,
    },
    { name: 'GET /admin signed out', request: () => get('/admin'), status: 303, cacheControl: PRIVATE },
    {
      name: 'GET /admin signed in',
      request: () => get('/admin', withSession()),
      status: 200,
      cacheControl: PRIVATE,
    },
    { name: 'GET /admin/login', request: () => get('/admin/login'), status: 200, cacheControl: PRIVATE },
    {
      name: 'GET /admin/login signed in',
      request: () => get('/admin/login', withSession()),
      status: 303,
      cacheControl: PRIVATE,
    },
    { name: 'GET /api/user signed out', request: () => get('/api/user'), status: 401, cacheControl: PRIVATE },
    {
      name: 'GET /api/user signed in',
      request: () => get('/api/user', withSession()),
      status: 200,
      cacheControl: PRIVATE,
    },
    {
      name: 'GET /api/puppies signed in',
      request: () => get('/api/puppies', withSession()),
      status: 200,
      cacheControl: PRIVATE,
    },
    {
      name: 'GET /api/puppies signed out',
      request: () => get('/api/puppies'),
      status: 401,
      cacheControl: PRIVATE,
    },
    {
      name: 'GET /api/inbox signed in',
      request: () => get('/api/inbox', withSession()),
      status: 200,
      cacheControl: PRIVATE,
    },
    {
      name: 'GET /api/inbox/export.csv signed in',
      request: () => get('/api/inbox/export.csv', withSession()),
      status: 200,
      cacheControl: PRIVATE,
    },
    {
      name: 'GET /api/inquiries signed in',
      request: () => get('/api/inquiries', withSession()),
      status: 200,
      cacheControl: PRIVATE,
    },
    {
      name: 'POST /api/inquiries',
      request: () => postInquiry(server.url, uniqueInquiry('cache-api')),
      status: 201,
      cacheControl: PRIVATE,
    },
    {
      name: 'POST /api/login (wrong password)',
      request: () => postTo(server.url, '/api/login', {}, { username: ADMIN, password: 'wrong password!' }),
      status: 401,
      cacheControl: PRIVATE,
    },
    { name: 'GET /api/nothing', request: () => get('/api/nothing'), status: 404, cacheControl: PRIVATE },
    { name: 'GET /healthz', request: () => get('/healthz'), status: 200, cacheControl: PRIVATE },
    { name: 'GET /no-such-page', request: () => get('/no-such-page'), status: 404, cacheControl: PRIVATE },
    {
      name: 'GET /assets/missing.js',
      request: () => get('/assets/missing.js'),
      status: 404,
      cacheControl: PRIVATE,
    },
    { name: 'DELETE /', request: () => get('/', {}, 'DELETE'), status: 405, cacheControl: PRIVATE },
  ];

  test('each answer says who may keep it', async () => {
    const failures: string[] = [];
    for (const { name, request, status, cacheControl } of cases()) {
      const res = await request();
      await res.arrayBuffer();
      const got = res.headers.get('cache-control');
      if (res.status !== status || got !== cacheControl)
        failures.push(`${name}: ${res.status} "${got}", expected ${status} "${cacheControl}"`);
    }
    assert.deepEqual(failures, []);
  });

  test('a revalidation of / is a 304 that keeps the policy, and / never sets a cookie', async () => {
    const first = await get('/', { 'Accept-Encoding': 'br' });
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    assert.ok(etag);
    assert.equal(first.headers.get('vary'), 'Accept-Encoding');
    assert.deepEqual(first.headers.getSetCookie(), []);
    // fetch() would add "Cache-Control: no-cache" to a conditional request without one.
    const again = await get('/', { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('cache-control'), PUBLIC_PAGE);
    const signedIn = await get('/', withSession());
    await signedIn.arrayBuffer();
    assert.deepEqual(signedIn.headers.getSetCookie(), [], 'a shared cache must never keep a cookie');
  });

  test('signing out answers private, no-store', async () => {
    const own = await signIn(server.url, ADMIN, PASSWORD);
    const res = await postTo(server.url, '/api/logout', { Cookie: own });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), PRIVATE);
  });
});
