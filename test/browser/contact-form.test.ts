/**
 * The contact form with scripts, in headless Chromium against the built server: validation before
 * any request, "Sending...", the Thank You panel and toasts, the payload, the honeypot, the schema
 * loaded only once the form is used, and field messages from the server.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contact } from '../../src/features/inquiries/page/contact-labels';
import { inquiryMessages } from '../../src/shared/schemas';
import { storedWithEmail } from '../helpers/inquiries';
import {
  type BrowserContextOptions,
  browserSuite,
  emptyForm,
  field,
  fill,
  focusedId,
  messageUnder,
  openContactPage,
  type RunningServer,
  submitButton,
  thanksHeading,
  toastText,
  typed,
  valuesOf,
  viewports,
} from './helpers';

const suite = browserSuite({ env: { INQUIRY_RATE_LIMIT: 'off' } });
/** A hydrated page with every inquiry POST and every script it fetched recorded. */
const openForm = (options?: BrowserContextOptions, at: RunningServer = suite.server, path = '/') =>
  openContactPage(suite.browser, `${at.url}${path}`, options);

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

        const [stored] = await storedWithEmail(suite.server.dataDir, values.email);
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
      assert.deepEqual(await storedWithEmail(suite.server.dataDir, bot.email), []);
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
