/**
 * Counting visits of / in real Chromium: the beacon the page sends once shown, with and without
 * utm tags and referrers; bots, prefetch-like headless browsers and the signed-in breeder not
 * counted; the same browser twice is one visitor; counts kept across a restart; and nothing that
 * identifies a visitor in visits.json.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ADMIN, createAdmin, PASSWORD } from '../helpers/admin';
import { startServer } from '../helpers/server';
import {
  type Browser,
  type BrowserContextOptions,
  launchBrowser,
  openPage,
  type RunningServer,
  signIn,
  viewports,
  waitForHydration,
} from './helpers';

/** Chromium as a family's computer and phone present themselves (headless Chromium says "HeadlessChrome", a bot). */
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const desktop: BrowserContextOptions = { ...viewports.desktop, userAgent: DESKTOP_UA };
const phone: BrowserContextOptions = { ...viewports.phone, userAgent: PHONE_UA };

const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: process.env.TZ || 'America/Phoenix',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

describe('visits of / are counted by the page itself', () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  before(async () => {
    browser = await launchBrowser();
    dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-visits-'));
    server = await startServer({ dataDir });
    await createAdmin(dataDir, ADMIN, PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Opens `address` and waits until its beacon has been answered (or, for uncounted ones, the page hydrated). */
  async function visit(options: BrowserContextOptions, address: string, referer?: string, signedIn = false) {
    const { context, page, problems } = await openPage(browser, options);
    try {
      if (signedIn) await signIn(context, server.url);
      // The sign-in's own cookies, if any: the page and its beacon must add none.
      const cookieNames = async () => (await context.cookies()).map((cookie) => cookie.name).sort();
      const signInCookies = await cookieNames();
      const beacon = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/visit');
      await page.goto(`${server.url}${address}`, referer ? { referer } : {});
      await waitForHydration(page);
      const answered = await beacon;
      assert.equal(answered.status(), 204);
      assert.equal(answered.request().method(), 'POST');
      // No cookie from the page or its beacon.
      assert.deepEqual(await cookieNames(), signInCookies);
      if (!signedIn) assert.deepEqual(signInCookies, []);
      assert.deepEqual(await page.evaluate(() => [localStorage.length, sessionStorage.length]), [0, 0]);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }

  test('a tab opened in the background is counted only once it is shown, a prerendered page once activated', async () => {
    for (const [state, event] of [
      ['hidden', 'visibilitychange'],
      ['prerendering', 'prerenderingchange'],
    ] as const) {
      const { context, page, problems } = await openPage(browser, desktop);
      try {
        // What Chromium reports for a background tab or a prerendered page, until it is shown.
        // (A string: tsx would wrap a function's inner functions in a helper the page lacks.)
        await page.addInitScript({
          content: `(() => {
            let shown = false;
            window.__show = () => { shown = true; };
            Object.defineProperty(document, 'visibilityState', {
              get: () => (${JSON.stringify(state)} === 'hidden' && !shown ? 'hidden' : 'visible'),
            });
            Object.defineProperty(document, 'prerendering', {
              get: () => ${JSON.stringify(state)} === 'prerendering' && !shown,
            });
          })();`,
        });
        const beacons: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/visit') beacons.push(request.url());
        });
        await page.goto(`${server.url}/?utm_campaign=${state}`);
        await waitForHydration(page);
        // The app has loaded (the beacon would go with it): give it a moment more to be sure.
        await page.waitForTimeout(500);
        assert.deepEqual(beacons, [], `${state}: not counted while not shown`);
        const beacon = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/visit');
        await page.evaluate((name) => {
          (window as unknown as { __show: () => void }).__show();
          document.dispatchEvent(new Event(name));
        }, event);
        assert.equal((await beacon).status(), 204);
        assert.equal(beacons.length, 1);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    }
    // Counted in the test below: one view each of "hidden" and "prerendering", from the desktop.
  });

  test('views with and without tags and referrers, a bot, a signed-in breeder; kept after a restart', async () => {
    await visit(
      desktop,
      '/?utm_source=facebook&utm_medium=social&utm_campaign=spring-litter',
      'https://www.facebook.com/',
    );
    await visit(
      desktop,
      '/?utm_source=facebook&utm_medium=social&utm_campaign=spring-litter',
      'https://www.facebook.com/',
    );
    await visit(phone, '/?utm_source=flyer&utm_campaign=spring-flyer');
    await visit(phone, '/', 'https://www.google.com/');
    await visit(desktop, '/');
    // Not counted: headless Chromium as it is (it says HeadlessChrome), a crawler, the breeder.
    await visit(viewports.desktop, '/?utm_campaign=bot');
    await visit(
      { ...desktop, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      '/?utm_campaign=bot',
    );
    await visit(desktop, '/?utm_campaign=breeder', undefined, true);

    assert.equal(await server.stop(), 0);
    const text = await readFile(path.join(dataDir, 'visits.json'), 'utf8');
    const expected = {
      // Five here and the two of the test above (a background tab, a prerendered page).
      views: 7,
      // The same computer (its address and user agent) is one visitor however often it comes,
      // the phone (another user agent) another.
      visitors: 2,
      phoneViews: 2,
      sources: { Direct: [3, 1], 'facebook.com': [2, 1], flyer: [1, 1], 'google.com': [1, 1] },
      mediums: { social: [2, 1] },
      campaigns: { hidden: [1, 1], prerendering: [1, 1], 'spring-litter': [2, 1], 'spring-flyer': [1, 1] },
    };
    assert.deepEqual(JSON.parse(text).days[today()], expected);
    // Nothing that identifies a person: no address, no user agent, no cookie id.
    for (const secret of ['127.0.0.1', 'Mozilla', 'Chrome', 'Android', 'Linux'])
      assert.equal(text.includes(secret), false, secret);

    server = await startServer({ dataDir });
    await visit(desktop, '/');
    assert.equal(await server.stop(), 0);
    const again = JSON.parse(await readFile(path.join(dataDir, 'visits.json'), 'utf8')).days[today()];
    // Kept across the restart; the new process has a new salt, so the computer is a new visitor.
    assert.deepEqual([again.views, again.visitors, again.sources.Direct], [8, 3, [4, 2]]);
    server = await startServer({ dataDir });
  });
});
