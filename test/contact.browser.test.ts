/**
 * The contact form in headless Chromium, against the built server: validation before any request,
 * "Sending...", the Thank You panel and toasts, the payload, a real storage failure, the rate
 * limit, the honeypot, the schema loaded only once the form is used, and the form with scripts off
 * (including pages the server renders after such a post, hydrated with scripts on).
 */
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContextOptions, Request } from 'playwright-core';
import { contact, NO_PREFERENCE } from '../src/shared/content';
import { inquiryMessages } from '../src/shared/schemas';
import { type Browser, launchBrowser, openPage, type Page, viewports } from './helpers/browser';
import { inquiriesFile, readInquiriesFile, storedWithEmail } from './helpers/inquiries';
import { type RunningServer, startServer } from './helpers/server';

let server: RunningServer;
let browser: Browser;

before(async () => {
  // Chromium first: if it is missing, no server is left running to hold the test process open.
  browser = await launchBrowser();
  server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

declare global {
  interface Window {
    __effectsRan?: boolean;
  }
}

/** Notes when the page's effects have run (the slideshow subscribes to a media query in one). */
function markEffects() {
  const listen = MediaQueryList.prototype.addEventListener;
  MediaQueryList.prototype.addEventListener = function (this: MediaQueryList, ...args: unknown[]) {
    window.__effectsRan = true;
    return (listen as (...a: unknown[]) => void).apply(this, args);
  } as typeof listen;
}

const isSubmission = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/inquiries';

/** A hydrated page, with every inquiry POST and every script it fetched recorded. */
async function openForm(options: BrowserContextOptions = viewports.desktop, at = server, path = '/') {
  const opened = await openPage(browser, options);
  const posts: Request[] = [];
  const scripts: string[] = [];
  opened.page.on('request', (request) => {
    if (isSubmission(request)) posts.push(request);
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await opened.page.addInitScript(markEffects);
  await opened.page.goto(`${at.url}${path}`);
  await opened.page.waitForFunction(() => window.__effectsRan === true, undefined, { timeout: 10_000 });
  return { ...opened, posts, scripts };
}

type Typed = { name: string; email: string; phone: string; message: string };
const typed = (label: string, change: Partial<Typed> = {}): Typed => ({
  name: 'Jane Doe',
  email: `${label}-${Math.random().toString(36).slice(2)}@example.com`,
  phone: '555-0100',
  message: 'We would love to meet the puppies this weekend.',
  ...change,
});

const field = (page: Page, name: keyof Typed | 'puppy') => page.locator(`#contact-${name}`);
const submitButton = (page: Page) => page.locator('#contact form button[type="submit"]');
const thanksHeading = (page: Page) => page.getByRole('heading', { name: contact.thanks.heading });
const toast = (page: Page, region: 'status' | 'alert') =>
  page.locator(`[role="${region}"] [data-testid="toast"]`);

async function fill(page: Page, values: Partial<Typed>, puppy?: string) {
  for (const [name, value] of Object.entries(values)) await field(page, name as keyof Typed).fill(value);
  if (puppy) await field(page, 'puppy').selectOption(puppy);
}

async function valuesOf(page: Page) {
  const names = ['name', 'email', 'phone', 'puppy', 'message'] as const;
  const values = await Promise.all(names.map((name) => field(page, name).inputValue()));
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
}

const emptyForm = { name: '', email: '', phone: '', puppy: NO_PREFERENCE, message: '' };

/** The message shown under a field, and that the field points at it. */
async function messageUnder(page: Page, name: keyof Typed | 'puppy') {
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

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

async function toastText(page: Page, region: 'status' | 'alert') {
  const shown = toast(page, region);
  await shown.waitFor();
  const [title, description] = await shown.locator(':scope > div > div').allTextContents();
  return { title, description };
}

for (const [viewportName, viewport] of Object.entries(viewports)) {
  describe(`the contact form with scripts on a ${viewportName}`, () => {
    test('each validation message appears under its field, focus goes to the first, nothing is sent', async () => {
      const { context, page, problems, posts } = await openForm(viewport);
      try {
        await submitButton(page).click();
        await page.locator('#contact-name-error').waitFor();
        assert.equal(await messageUnder(page, 'name'), 'Name must be at least 2 characters');
        assert.equal(await messageUnder(page, 'email'), 'Please enter a valid email address');
        assert.equal(await messageUnder(page, 'message'), 'Message must be at least 10 characters');
        assert.equal(await messageUnder(page, 'phone'), undefined, 'phone is optional');
        assert.equal(await focusedId(page), 'contact-name');

        // One field wrong at a time: only its message, and focus on it.
        await fill(page, { name: 'Jo', email: 'not-an-email', message: '1234567890' });
        await submitButton(page).click();
        await page.locator('#contact-name-error').waitFor({ state: 'detached' });
        assert.equal(await messageUnder(page, 'email'), 'Please enter a valid email address');
        assert.equal(await messageUnder(page, 'message'), undefined);
        assert.equal(await focusedId(page), 'contact-email');

        await fill(page, { email: 'jo@example.com', message: ' 123456789 ' });
        await submitButton(page).click();
        await page.locator('#contact-message-error').waitFor();
        assert.equal(await messageUnder(page, 'message'), 'Message must be at least 10 characters');
        assert.equal(await messageUnder(page, 'email'), undefined);
        assert.equal(await focusedId(page), 'contact-message');

        // After a submit the messages follow the typing: a fixed field loses its message.
        await field(page, 'message').fill('Now long enough.');
        await page.locator('#contact-message-error').waitFor({ state: 'detached' });
        assert.equal(await field(page, 'message').getAttribute('aria-invalid'), null);

        assert.equal(posts.length, 0, 'no request while the form is invalid');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('success: Thank You panel, toast, the form emptied, and "Send Another Inquiry" back to it', async () => {
      const { context, page, problems, posts } = await openForm(viewport);
      try {
        const values = typed('thanks');
        await fill(page, values, 'Luna');
        await submitButton(page).click();
        await thanksHeading(page).waitFor();

        assert.equal(await page.locator('#contact form').count(), 0, 'the panel replaces the form');
        assert.equal(await thanksHeading(page).getAttribute('tabindex'), '-1');
        assert.equal(await focusedId(page), 'contact-thanks-heading', 'focus on the heading');
        assert.equal(await page.getByText(contact.thanks.text, { exact: true }).isVisible(), true);
        assert.deepEqual(await toastText(page, 'status'), {
          title: 'Thanks for your inquiry!',
          description: 'We will contact you soon about your new puppy.',
        });

        const [stored] = await storedWithEmail(server.dataDir, values.email);
        assert.ok(stored, 'stored');
        const { id, createdAt, ...fields } = stored;
        assert.deepEqual(fields, { ...values, puppy: 'Luna' }, 'exactly the typed fields');
        assert.equal(typeof id, 'string');
        assert.equal(new Date(createdAt).toISOString(), createdAt);
        assert.equal(posts.length, 1);

        await page.getByRole('button', { name: 'Send Another Inquiry' }).click();
        await page.locator('#contact form').waitFor();
        assert.deepEqual(await valuesOf(page), emptyForm, 'an empty form with no preference');
        assert.equal(await submitButton(page).textContent(), 'Send Inquiry');
        assert.equal(await focusedId(page), 'contact-name');
        assert.equal(await page.locator('[aria-invalid="true"]').count(), 0);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  });
}

describe('the contact form with scripts', () => {
  test('"Sending..." and disabled while the request is in flight, then back', async () => {
    const { context, page, problems, posts } = await openForm();
    try {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/inquiries', async (route) => {
        await released;
        await route.continue();
      });
      await fill(page, typed('in-flight'));
      await submitButton(page).click();
      await page.getByRole('button', { name: 'Sending...' }).waitFor();
      assert.equal(await submitButton(page).textContent(), 'Sending...');
      assert.equal(await submitButton(page).isDisabled(), true);
      await submitButton(page).click({ force: true });
      release();
      await thanksHeading(page).waitFor();
      assert.equal(posts.length, 1, 'a click while sending sends nothing more');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('the payload: no puppy for no preference, no blank phone; the puppy after "Inquire About Daisy"', async () => {
    const { context, page, problems, posts } = await openForm();
    try {
      const first = typed('no-pref', { name: '  Jane Doe ', phone: '' });
      await fill(page, first);
      await submitButton(page).click();
      await thanksHeading(page).waitFor();
      assert.deepEqual(posts[0]?.postDataJSON(), {
        name: 'Jane Doe',
        email: first.email,
        message: first.message,
      });
      assert.equal(posts[0]?.headers()['content-type'], 'application/json');

      await page.getByRole('button', { name: 'Send Another Inquiry' }).click();
      await page.getByRole('link', { name: 'Inquire About Daisy' }).click();
      assert.equal(await field(page, 'puppy').inputValue(), 'Daisy');
      const second = typed('daisy');
      await fill(page, second);
      await submitButton(page).click();
      await thanksHeading(page).waitFor();
      assert.deepEqual(posts[1]?.postDataJSON(), { ...second, puppy: 'Daisy' });
      assert.equal(posts.length, 2);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('the schema is fetched once the form is used, not with the page', async () => {
    const { context, page, problems, scripts } = await openForm();
    try {
      const schemaChunk = (list: string[]) => list.filter((file) => /\/schemas-[^/]+\.js$/.test(file));
      await page.waitForLoadState('networkidle');
      assert.deepEqual(schemaChunk(scripts), [], 'not loaded with the page');
      await field(page, 'name').focus();
      await page.waitForResponse((response) => /\/schemas-[^/]+\.js$/.test(response.url()));
      assert.equal(schemaChunk(scripts).length, 1);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('the honeypot is neither seen, announced nor reached with Tab; filled, it is sent and not stored', async () => {
    const { context, page, problems, posts } = await openForm();
    try {
      const honeypot = page.locator('input[name="website"]');
      assert.equal(await honeypot.count(), 1);
      const box = await page.locator('[aria-hidden="true"]:has(> input[name="website"])').boundingBox();
      assert.ok(box && box.width * box.height === 0, 'its wrapper has no area and clips it');
      assert.equal(
        await honeypot.evaluate((input) => getComputedStyle(input.parentElement as Element).overflow),
        'hidden',
      );
      assert.equal(
        await page.getByRole('textbox', { name: contact.honeypotLabel }).count(),
        0,
        'not announced',
      );

      await field(page, 'name').focus();
      const order: (string | undefined)[] = [await focusedId(page)];
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        order.push(await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName));
      }
      assert.deepEqual(order, [
        'contact-name',
        'contact-email',
        'contact-phone',
        'contact-puppy',
        'contact-message',
        'BUTTON',
      ]);

      // A person's inquiry does not carry the field at all.
      const person = typed('person');
      await fill(page, person);
      await submitButton(page).click();
      await thanksHeading(page).waitFor();
      assert.equal('website' in (posts[0]?.postDataJSON() ?? {}), false);

      // A bot that fills every field gets the same thanks, and nothing is stored.
      await page.getByRole('button', { name: 'Send Another Inquiry' }).click();
      const bot = typed('bot');
      await fill(page, bot);
      await honeypot.fill('https://spam.example', { force: true });
      await submitButton(page).click();
      await thanksHeading(page).waitFor();
      assert.equal(posts[1]?.postDataJSON().website, 'https://spam.example');
      assert.deepEqual(await storedWithEmail(server.dataDir, bot.email), []);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('field messages the server sends back (400) appear under their fields, with the error toast', async () => {
    const { context, page, problems } = await openForm();
    try {
      await page.route('**/api/inquiries', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Please correct the highlighted fields.',
            errors: { puppy: inquiryMessages.puppy },
          }),
        }),
      );
      const values = typed('server-400');
      await fill(page, values, 'Daisy');
      await submitButton(page).click();
      assert.deepEqual(await toastText(page, 'alert'), {
        title: 'Submission Error',
        description: 'There was a problem submitting your inquiry. Please try again.',
      });
      assert.equal(await messageUnder(page, 'puppy'), inquiryMessages.puppy);
      assert.equal(await focusedId(page), 'contact-puppy');
      assert.deepEqual(await valuesOf(page), { ...values, puppy: 'Daisy' });
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    } finally {
      await context.close();
    }
  });
});

describe('when storage fails', () => {
  let failing: RunningServer;
  before(async () => {
    failing = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
  });
  after(() => failing?.stop());

  test('the "Submission Error" toast shows and every field keeps its value', async () => {
    const { context, page, problems, posts } = await openForm(viewports.phone, failing);
    try {
      // The data file turns into a directory: the server cannot write it and answers 503.
      const file = inquiriesFile(failing.dataDir);
      await rm(file, { force: true });
      await mkdir(file);
      await writeFile(path.join(file, 'keep'), '');

      const values = typed('failing');
      await fill(page, values, 'Luna');
      await submitButton(page).click();
      assert.deepEqual(await toastText(page, 'alert'), {
        title: 'Submission Error',
        description: 'There was a problem submitting your inquiry. Please try again.',
      });
      assert.equal(posts.length, 1);
      assert.equal((await posts[0]?.response())?.status(), 503);
      assert.deepEqual(await valuesOf(page), { ...values, puppy: 'Luna' }, 'every field kept');
      assert.equal(await thanksHeading(page).count(), 0, 'still the form');
      assert.equal(await submitButton(page).textContent(), 'Send Inquiry');
      assert.equal(await submitButton(page).isEnabled(), true);
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
      ]);
    } finally {
      await context.close();
    }
  });
});

describe('the rate limit (1 inquiry a minute)', () => {
  let limited: RunningServer;
  before(async () => {
    limited = await startServer({ env: { INQUIRY_RATE_LIMIT: '1/1m' } });
  });
  after(() => limited?.stop());

  test("the second submission shows the server's message in the error toast, fields kept", async () => {
    const { context, page, problems } = await openForm(viewports.desktop, limited);
    try {
      await fill(page, typed('limit-1'));
      await submitButton(page).click();
      await thanksHeading(page).waitFor();
      await page.getByRole('button', { name: 'Send Another Inquiry' }).click();

      const values = typed('limit-2');
      await fill(page, values);
      const [response] = await Promise.all([
        page.waitForResponse((res) => new URL(res.url()).pathname === '/api/inquiries'),
        submitButton(page).click(),
      ]);
      assert.equal(response.status(), 429);
      const { message } = (await response.json()) as { message: string };
      assert.ok(message.length > 0);
      assert.deepEqual(await toastText(page, 'alert'), { title: 'Submission Error', description: message });
      assert.deepEqual(await valuesOf(page), { ...values, puppy: NO_PREFERENCE });
      assert.deepEqual(await storedWithEmail(limited.dataDir, values.email), []);
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
      ]);
    } finally {
      await context.close();
    }
  });

  test('with scripts off, the limited form comes back with the message above the button', async () => {
    const { context, page, problems } = await openPage(browser, {
      ...viewports.desktop,
      javaScriptEnabled: false,
    });
    try {
      await page.goto(`${limited.url}/`);
      const values = typed('limit-off');
      await fill(page, values);
      const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
      assert.equal(response?.status(), 429);
      const alert = page.locator('#contact form [role="alert"]');
      assert.match((await alert.textContent()) ?? '', /Too many inquiries/);
      const above = await page.evaluate(() => {
        const alertBox = document.querySelector('#contact form [role="alert"]')?.getBoundingClientRect();
        const buttonBox = document
          .querySelector('#contact form button[type="submit"]')
          ?.getBoundingClientRect();
        return Boolean(alertBox && buttonBox && alertBox.bottom <= buttonBox.top);
      });
      assert.ok(above, 'above the button');
      assert.deepEqual(await valuesOf(page), { ...values, puppy: NO_PREFERENCE });
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
      ]);
    } finally {
      await context.close();
    }
  });
});

describe('the contact form with scripts off', () => {
  const noScripts = { ...viewports.phone, javaScriptEnabled: false };

  test('a valid form lands on the Thank You panel and is stored once; a reload stores nothing more', async () => {
    const { context, page, problems } = await openPage(browser, noScripts);
    try {
      await page.goto(`${server.url}/`);
      const values = typed('off-ok');
      await fill(page, values, 'Daisy');
      await Promise.all([page.waitForURL(`${server.url}/?inquiry=sent#contact`), submitButton(page).click()]);
      assert.equal(await thanksHeading(page).isVisible(), true);
      assert.equal(await page.getByText(contact.thanks.text, { exact: true }).isVisible(), true);
      const again = page.getByRole('link', { name: 'Send Another Inquiry' });
      assert.equal(await again.getAttribute('href'), '/#contact');

      const stored = await storedWithEmail(server.dataDir, values.email);
      assert.equal(stored.length, 1);
      const { id: _id, createdAt: _at, ...fields } = stored[0] ?? { id: '', createdAt: '' };
      assert.deepEqual(fields, { ...values, puppy: 'Daisy' });

      const count = (await readInquiriesFile(server.dataDir)).inquiries.length;
      await page.reload();
      assert.equal(await thanksHeading(page).isVisible(), true);
      assert.equal((await readInquiriesFile(server.dataDir)).inquiries.length, count, 'nothing more stored');

      await Promise.all([page.waitForURL(`${server.url}/#contact`), again.click()]);
      assert.deepEqual(await valuesOf(page), emptyForm, 'back to the empty form');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('an invalid form comes back (400) with the messages under the fields and the values kept', async () => {
    const { context, page, problems } = await openPage(browser, noScripts);
    try {
      await page.goto(`${server.url}/`);
      const values = typed('off-bad', { name: 'J', email: 'not-an-email', message: 'Too short' });
      await fill(page, values, 'Luna');
      const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
      assert.equal(response?.status(), 400);
      assert.equal(await messageUnder(page, 'name'), 'Name must be at least 2 characters');
      assert.equal(await messageUnder(page, 'email'), 'Please enter a valid email address');
      assert.equal(await messageUnder(page, 'message'), 'Message must be at least 10 characters');
      assert.deepEqual(await valuesOf(page), { ...values, puppy: 'Luna' });
      assert.deepEqual(await storedWithEmail(server.dataDir, values.email), []);
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    } finally {
      await context.close();
    }
  });
});

describe('pages the server renders after a scripts-off post, hydrated with scripts on', () => {
  test('the returned form hydrates as rendered, then validates and sends with scripts', async () => {
    const { context, page, problems, posts } = await openForm();
    try {
      // A native post (as with scripts off) of an invalid form from this page.
      const values = typed('hydrate-bad', { name: 'J' });
      await page.evaluate(
        ({ fields }) => {
          const form = document.createElement('form');
          form.method = 'post';
          form.action = '/#contact';
          for (const [name, value] of Object.entries(fields)) {
            const input = document.createElement('input');
            input.name = name;
            input.value = value;
            form.append(input);
          }
          document.body.append(form);
          HTMLFormElement.prototype.submit.call(form);
        },
        { fields: { ...values, puppy: 'Daisy' } },
      );
      await page.waitForURL(`${server.url}/#contact`);
      await page.waitForFunction(() => window.__effectsRan === true, undefined, { timeout: 10_000 });
      assert.equal(await messageUnder(page, 'name'), 'Name must be at least 2 characters');
      assert.deepEqual(await valuesOf(page), { ...values, puppy: 'Daisy' });

      await field(page, 'name').fill('Jane Doe');
      await page.locator('#contact-name-error').waitFor({ state: 'detached' });
      await submitButton(page).click();
      await thanksHeading(page).waitFor();
      assert.deepEqual(posts[0]?.postDataJSON(), { ...values, name: 'Jane Doe', puppy: 'Daisy' });
      // Only the returned page's own 400 status: no hydration mismatch, nothing else.
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    } finally {
      await context.close();
    }
  });

  test('the Thank You page hydrates; its link swaps back to the form and leaves the ?inquiry=sent address', async () => {
    const { context, page, problems } = await openForm(viewports.phone, server, '/?inquiry=sent#contact');
    try {
      assert.equal(await thanksHeading(page).isVisible(), true);
      await page.getByRole('link', { name: 'Send Another Inquiry' }).click();
      await page.locator('#contact form').waitFor();
      assert.equal(page.url(), `${server.url}/#contact`);
      assert.deepEqual(await valuesOf(page), emptyForm);
      assert.equal(await focusedId(page), 'contact-name');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
