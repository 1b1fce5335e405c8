/**
 * Everything the browser tests share: Chromium (the machine's, never a downloaded one), the built
 * server, the one hydration signal, the admin's sign-in, and the helpers more than one file uses.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, afterEach, before, beforeEach } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
  type Route,
} from 'playwright-core';
import { CHROMIUM_FLAGS, TEST_CHROMIUM } from '../../scripts/audit/chromium';
import type { FamilyState } from '../../src/features/family/family';
import type { InboxPage } from '../../src/features/inbox/inbox';
import { NO_PREFERENCE } from '../../src/features/inquiries/inquiry-fields';
import { contact } from '../../src/features/inquiries/page/contact-labels';
import type { Inquiry } from '../../src/shared/api';
import { ADMIN, PASSWORD, seedAdmin } from '../helpers/admin';
import { type RunningServer, type StartOptions, startServer } from '../helpers/server';
import { actOnTheFrontPage } from './front-page';

export type { Browser, BrowserContext, BrowserContextOptions, Page, RunningServer };
export { ADMIN, PASSWORD };

/** Browser tests fail, never skip, when Chromium's headless shell is missing: `npm test` needs it (see README). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(TEST_CHROMIUM)) {
    throw new Error(
      `Chromium's headless shell not found at ${TEST_CHROMIUM}: install it with \`apt-get install -y chromium-headless-shell\``,
    );
  }
  return chromium.launch({ executablePath: TEST_CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

export const viewports = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
} satisfies Record<string, BrowserContextOptions>;

/**
 * Opens a page that records console errors and warnings, page errors and CSP violations; tests
 * assert `problems` is empty at the end.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = viewports.desktop) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  actOnTheFrontPage(context, page);
  const problems: string[] = [];
  page.on('console', (message) => {
    // A 404 page's own status is reported as a failed load: that one is expected.
    if (message.text().includes('status of 404') && message.location().url === page.url()) return;
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

export interface SuiteOptions extends StartOptions {
  /** Creates the admin (ADMIN / PASSWORD) once the server is up. */
  admin?: boolean;
}

/**
 * Launches Chromium and starts the built server (side by side) before the enclosing suite (or
 * file) and closes both after it, with every page `open` opened in a hook; a page a test opened is
 * closed when that test ends. If either fails to start, the other is closed, so nothing is left
 * running to hold the test process open. `browser` and `server` may be read once the suite has
 * started.
 */
export function browserSuite(options: SuiteOptions = {}) {
  let running: { browser: Browser; server: RunningServer } | undefined;
  const contexts: BrowserContext[] = [];
  before(async () => {
    // Chromium and the server start side by side (each takes seconds on a loaded machine, and
    // every browser file pays for both: issue 31). Whichever fails, the other is closed again:
    // a Chromium or a server left running would hold the test file's process (and the whole
    // run) open forever (seen at load average 20).
    const [launched, started] = await Promise.allSettled([launchBrowser(), startServer(options)]);
    if (launched.status === 'rejected' || started.status === 'rejected') {
      if (launched.status === 'fulfilled') await launched.value.close();
      if (started.status === 'fulfilled') await started.value.stop();
      throw launched.status === 'rejected' ? launched.reason : (started as PromiseRejectedResult).reason;
    }
    running = { browser: launched.value, server: started.value };
    if (options.admin) await seedAdmin(running.server.dataDir, ADMIN, PASSWORD);
  });
  after(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await running?.browser.close();
    await running?.server.stop();
  });
  // A page a test opened is closed when that test ends, one a before hook opened after the suite.
  // Each context is a window of its own that keeps drawing: an open landing page fades its hero
  // every 5 s, 0.05 (phone) to 0.16 (desktop) of a core per page in software, measured, for as
  // long as the suite runs on (issue 31).
  let testContexts: BrowserContext[] | undefined;
  beforeEach(() => {
    testContexts = [];
  });
  afterEach(async () => {
    const ended = testContexts ?? [];
    testContexts = undefined;
    await Promise.all(ended.map((context) => context.close()));
  });
  const current = () => {
    if (!running) throw new Error('the browser suite starts in its before hook');
    return running;
  };
  async function open(viewport: BrowserContextOptions = viewports.desktop) {
    const opened = await openPage(current().browser, viewport);
    (testContexts ?? contexts).push(opened.context);
    return opened;
  }
  async function openSignedIn(viewport: BrowserContextOptions = viewports.desktop) {
    const opened = await open(viewport);
    await signIn(opened.context, current().server.url);
    return opened;
  }
  return {
    get browser() {
      return current().browser;
    },
    get server() {
      return current().server;
    },
    /** A new page (in its own context), closed when the test ends (opened in a hook: after the suite). */
    open,
    /** A new page whose context is signed in as the admin (through the API, sharing its cookies). */
    openSignedIn,
    /** Shows /admin on a page already open, once its heading is there. */
    async gotoDashboard(page: Page) {
      await page.goto(`${current().server.url}/admin`);
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    },
    /**
     * A signed-in page showing /admin, hydrated: with `fake` the inquiries it lists, with `rows`
     * once the first row is there (else once its heading is).
     */
    async openDashboard(
      viewport: BrowserContextOptions = viewports.desktop,
      { fake, rows = false }: { fake?: Inquiry[]; rows?: boolean } = {},
    ) {
      const opened = await openSignedIn(viewport);
      if (fake) await fakeInquiries(opened.page, fake);
      await opened.page.goto(`${current().server.url}/admin`);
      if (rows) await opened.page.locator('tbody tr').first().waitFor();
      else await opened.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await waitForHydration(opened.page);
      return opened;
    },
  };
}

/** The one hydration signal: the root carries data-hydrated once React has hydrated the page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('#root[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 10_000 });
}

/** Opens the address and waits until the page has hydrated. */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/** Signs the admin in through the API, sharing the context's cookies with its pages. */
export async function signIn(context: BrowserContext, url: string): Promise<void> {
  const res = await context.request.post(`${url}/api/login`, {
    data: { username: ADMIN, password: PASSWORD },
  });
  assert.equal(res.status(), 200);
}

/** Chromium reports an answer the test asked for (a 401, a 500) as a console error: those are expected. */
export const expectedLoadError = (status: number) => (problem: string) =>
  !problem.includes(`Failed to load resource: the server responded with a status of ${status}`);

// The landing page's scrolling.

declare global {
  interface Window {
    __scrolls?: { id: string; behavior?: string }[];
  }
}

/** An init script that records every scrollIntoView call: which element, and how. */
function recordScrolls() {
  window.__scrolls = [];
  const scrollIntoView = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
    window.__scrolls?.push({ id: this.id, behavior: typeof arg === 'object' ? arg.behavior : undefined });
    return scrollIntoView.call(this, arg);
  };
}

export const lastScroll = (page: Page) => page.evaluate(() => window.__scrolls?.at(-1));
export const scrollTopNow = (page: Page) =>
  page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
export const sectionTop = (page: Page, id: string) =>
  page.evaluate((target) => document.getElementById(target)?.getBoundingClientRect().top ?? Number.NaN, id);

/**
 * Waits until the element's top rests where a scroll to it ends (its scroll margin below the sticky
 * header), or the page bottom stopped it. Polled from here: a page with scripts off cannot poll.
 */
export async function waitUntilScrolledTo(page: Page, id: string, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let where: number[] = [];
  while (Date.now() < deadline) {
    where = await page.evaluate((target) => {
      const el = document.getElementById(target);
      if (!el) return [];
      const bottom = document.documentElement.scrollHeight - Math.ceil(window.scrollY + window.innerHeight);
      return [
        el.getBoundingClientRect().top,
        Number.parseFloat(getComputedStyle(el).scrollMarginTop),
        bottom,
        window.innerHeight,
      ];
    }, id);
    const [top = Number.NaN, margin = 0, bottom = 1, height = 0] = where;
    if (Math.abs(top - margin) <= 2 || (bottom <= 1 && top >= 0 && top < height)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`#${id} did not scroll into place: top, margin, distance to bottom = ${where}`);
}

// The contact form.

const isSubmission = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/inquiries';

/** A hydrated page at `url`, with every inquiry POST and every script it fetched recorded. */
export async function openContactPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = viewports.desktop,
) {
  const opened = await openPage(browser, options);
  const posts: Request[] = [];
  const scripts: string[] = [];
  opened.page.on('request', (request) => {
    if (isSubmission(request)) posts.push(request);
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await gotoHydrated(opened.page, url);
  return { ...opened, posts, scripts };
}

export type Typed = { name: string; email: string; phone: string; message: string };
export const typed = (label: string, change: Partial<Typed> = {}): Typed => ({
  name: 'Jane Doe',
  email: `${label}-${Math.random().toString(36).slice(2)}@example.com`,
  phone: '555-0100',
  message: 'We would love to meet the puppies this weekend.',
  ...change,
});

export const field = (page: Page, name: keyof Typed | 'puppy') => page.locator(`#contact-${name}`);
export const submitButton = (page: Page) => page.locator('#contact form button[type="submit"]');
export const thanksHeading = (page: Page) => page.getByRole('heading', { name: contact.thanks.heading });
const toast = (page: Page, region: 'status' | 'alert') =>
  page.locator(`[role="${region}"] [data-testid="toast"]`);

export async function fill(page: Page, values: Partial<Typed>, puppy?: string) {
  for (const [name, value] of Object.entries(values)) await field(page, name as keyof Typed).fill(value);
  if (puppy) await field(page, 'puppy').selectOption(puppy);
}

export async function valuesOf(page: Page) {
  const names = ['name', 'email', 'phone', 'puppy', 'message'] as const;
  const values = await Promise.all(names.map((name) => field(page, name).inputValue()));
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
}

export const emptyForm = { name: '', email: '', phone: '', puppy: NO_PREFERENCE, message: '' };

/** The message shown under a field, and that the field points at it. */
export async function messageUnder(page: Page, name: keyof Typed | 'puppy') {
  const input = field(page, name);
  const error = page.locator(`#contact-${name}-error`);
  if ((await error.count()) === 0) return undefined;
  assert.equal(await input.getAttribute('aria-invalid'), 'true', `${name} aria-invalid`);
  assert.equal(await input.getAttribute('aria-describedby'), `contact-${name}-error`);
  // Measured in one go: the page may still be scrolling to the form.
  const under = await page.evaluate((id) => {
    const inputBox = document.getElementById(`contact-${id}`)?.getBoundingClientRect();
    const errorBox = document.getElementById(`contact-${id}-error`)?.getBoundingClientRect();
    return Boolean(inputBox && errorBox && errorBox.top >= inputBox.bottom);
  }, name);
  assert.ok(under, `${name}: message under it`);
  return error.textContent();
}

export const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

export async function toastText(page: Page, region: 'status' | 'alert') {
  const shown = toast(page, region);
  await shown.waitFor();
  const [title, description] = await shown.locator(':scope > div > div').allTextContents();
  return { title, description };
}

/** A page that records its scrolls; `setup` runs before anything loads (e.g. a fake clock). */
async function openRecording(
  browser: Browser,
  options: BrowserContextOptions,
  setup?: (page: Page) => Promise<void>,
) {
  const opened = await openPage(browser, options);
  await opened.page.addInitScript(recordScrolls);
  await setup?.(opened.page);
  return opened;
}

/**
 * The landing-page browser files' set-up: a suite, `open` for a page that records its scrolls,
 * and `load` for a path of the site loaded afresh and hydrated.
 */
export function landingSuite() {
  const suite = browserSuite();
  return {
    suite,
    open: (options: BrowserContextOptions, setup?: (page: Page) => Promise<void>) =>
      openRecording(suite.browser, options, setup),
    load: (page: Page, path = '/') => loadFresh(page, `${suite.server.url}${path}`),
  };
}

/** Loads the address afresh (from a blank page, so a new hash on the same page loads it again). */
async function loadFresh(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await gotoHydrated(page, url);
}

// The dashboard.

/** Two inquiries: one with every field, one with none of the optional ones. */
export const fixtures: Inquiry[] = [
  {
    id: 'with-everything',
    name: 'Ann Example',
    email: 'ann@example.com',
    phone: '555-0100',
    puppy: 'Daisy',
    message: 'Hello there,\nis she still available?',
    createdAt: '2025-05-01T03:04:00.000Z',
  },
  {
    id: 'bare',
    name: 'Bob Example',
    email: 'bob@example.com',
    message: 'Just wondering about the next litter.',
    createdAt: '2025-04-20T18:30:00.000Z',
  },
];

const isInbox = (url: URL) => url.pathname === '/api/inbox';

/**
 * Answers the dashboard's list (GET /api/inbox, one page of these inquiries, none read yet), or
 * `body` as it is when it is not a list (an error), instead of the server; and answers marking
 * one of them read, as the server would for a stored one.
 */
export async function fakeInquiries(page: Page, body: Inquiry[] | { message: string }, status = 200) {
  const answer: InboxPage | { message: string } = Array.isArray(body)
    ? {
        items: body.map((inquiry) => ({
          ...inquiry,
          readAt: null,
          sale: { status: 'new' as const, notes: [], reservation: null },
        })),
        matched: body.length,
        total: body.length,
        unread: body.length,
        statuses: {
          new: body.length,
          applied: 0,
          approved: 0,
          declined: 0,
          contacted: 0,
          waitlist: 0,
          reserved: 0,
          'went-home': 0,
          closed: 0,
        },
        spam: 0,
        puppies: [...new Set(body.flatMap((inquiry) => (inquiry.puppy ? [inquiry.puppy] : [])))],
        nextCursor: null,
      }
    : body;
  await page.route('**/api/inquiries/*/read', (route) => {
    const id = decodeURIComponent(new URL(route.request().url()).pathname.split('/')[3] ?? '');
    const read = { id, readAt: new Date().toISOString() };
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify(read) });
  });
  await page.route(isInbox, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(answer) }),
  );
  // The details' family page section (issue 28) asks the server about the inquiry, which knows
  // none of these: a faked inquiry has no link, no reservation and no questions yet.
  await page.route('**/api/inquiries/*/family', (route) => {
    const inquiryId = decodeURIComponent(new URL(route.request().url()).pathname.split('/')[3] ?? '');
    const state: FamilyState = {
      inquiryId,
      link: null,
      emailOn: false,
      mails: [],
      money: null,
      goHome: null,
      questions: [],
    };
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify(state) });
  });
}

/** Fails a request to the dashboard's list at the network level. */
export const breakInquiries = (page: Page) => page.route(isInbox, (route) => route.abort('connectionreset'));

/** Holds matching requests until `release` is called: shows what the page does while waiting. */
export async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Counts the page's requests to one API path. */
export function countRequests(page: Page, pathname: string) {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) counter.count += 1;
  });
  return counter;
}

// Accessibility.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** Per violation: rule, impact, what to fix; per element: where, its markup, and why axe says it fails. */
function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            // The markup too: hashed class names alone do not say which component it is.
            `    - ${node.target.join(' ')}  ${node.html.slice(0, 160)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/**
 * axe-core (WCAG 2.0/2.1 A and AA) finds nothing on the page as it is now, once settled. Run in
 * the page itself (axe's legacy mode): the default runs each frame apart and joins the results in
 * a blank page opened for each call, which doubled the cost of a check (0.4–0.5 CPU-seconds more,
 * issue 31) and matters only for frames from other origins. The site's pages have no frames.
 */
export async function assertNoViolations(page: Page, where: string) {
  await settle(page);
  assert.equal(
    page.frames().length,
    1,
    `${where} has frames, which axe's legacy mode does not check when they come from another origin`,
  );
  // Not `resultTypes: ['violations']` (axe's own speed-up): with it, landmark-unique reported
  // the Visits page's three sections, each named by its own heading, as not unique.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  assert.equal(
    results.violations.length,
    0,
    `axe found ${results.violations.length} WCAG violation(s) on ${where}:\n${describeViolations(results.violations)}`,
  );
}

/**
 * Waits for every finite animation and transition (a dialog fading in, a slide fading) to end:
 * a half-faded element has a contrast nobody sees for long. Endless ones (spinners) are left.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
