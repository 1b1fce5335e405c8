/**
 * Applying and deciding (issue 29) in Chromium at phone (390 x 844) and desktop widths against
 * the built server and a real SMTP server process: a family applies from `/` with scripts on,
 * another with scripts off (first refused, each message beside its field); she approves the one
 * and declines the other with an email, and a third without; axe finds nothing on each state.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LitterList } from '../../src/features/litters/litters';
import { signIn as apiSignIn } from '../helpers/admin';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';
import { fillApplication } from './application-helpers';
import { openDetails } from './family-helpers';
import {
  ADMIN,
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  expectedLoadError,
  PASSWORD,
  toastText,
  viewports,
  waitForHydration,
} from './helpers';

const smtp: Peer = await startSmtpPeer();
after(() => smtp.stop());

const LITTER = 'Hazel × Finn';

describe('applying and deciding in a browser', () => {
  const suite = browserSuite({
    admin: true,
    env: {
      INQUIRY_RATE_LIMIT: 'off',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL: 'breeder@doodles.test',
      PUBLIC_URL: 'https://doodles.test',
    },
  });

  let cookie = '';
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${suite.server.url}${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  let litterId = '';
  before(async () => {
    cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
    const res = await api('POST', '/api/litters', {
      name: LITTER,
      mother: 'Hazel',
      father: 'Finn',
      status: 'planned',
      expected: '2027-04',
      description: '',
      shown: true,
    });
    litterId = ((await res.json()) as LitterList).litters.find((litter) => litter.name === LITTER)?.id ?? '';
    assert.ok(litterId);
  });

  const mailsTo = async (address: string, subject: string) => {
    const found = [];
    for (const file of await smtp.files()) {
      const mail = await parseMail(file);
      const to = mail.to && 'text' in mail.to ? mail.to.text : '';
      if (to === address && mail.subject === subject) found.push(mail);
    }
    return found;
  };

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: two families apply (scripts on, scripts off), she approves one and declines two`, async () => {
      const tag = Math.random().toString(36).slice(2, 7);
      const on = { name: `Olive On ${tag}`, email: `on-${tag}@example.com` };
      const off = { name: `Otto Off ${tag}`, email: `off-${tag}@example.com` };
      const third = { name: `Thea Third ${tag}`, email: `third-${tag}@example.com` };

      // Scripts on: from `/`, "Apply for this litter".
      const visitor = await suite.open(options);
      await visitor.page.goto(`${suite.server.url}/`);
      await waitForHydration(visitor.page);
      await visitor.page.getByRole('link', { name: 'Apply for this litter' }).click();
      await visitor.page.getByRole('heading', { level: 1, name: `Apply for ${LITTER}` }).waitFor();
      assert.equal(new URL(visitor.page.url()).pathname, `/apply/${litterId}`);
      const fits = await visitor.page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      );
      assert.ok(fits, 'no sideways scrolling');
      await assertNoViolations(visitor.page, `the apply page (${width})`);
      // Sent with nothing typed: refused, each message beside its field (the page has no script:
      // this is the same answer a browser with scripts off gets, checked by axe here).
      await visitor.page.getByRole('button', { name: 'Send application' }).click();
      await visitor.page.getByText('Please correct the fields marked below.').waitFor();
      await assertNoViolations(visitor.page, `a refused application (${width})`);
      await fillApplication(visitor.page, on.name, on.email);
      await visitor.page.getByRole('button', { name: 'Send application' }).click();
      await visitor.page.getByText(`Your application for ${LITTER} was sent.`).waitFor();
      await assertNoViolations(visitor.page, `the application sent (${width})`);

      // Scripts off: refused first, each message beside its field, then sent.
      const plain = await suite.open({ ...options, javaScriptEnabled: false } as BrowserContextOptions);
      await plain.page.goto(`${suite.server.url}/`);
      await plain.page.getByRole('link', { name: 'Apply for this litter' }).click();
      await plain.page.getByLabel('Your name').fill(off.name);
      await plain.page.getByRole('button', { name: 'Send application' }).click();
      await plain.page.getByText('Please correct the fields marked below.').waitFor();
      const messageOf = (field: string) => plain.page.locator(`#field-${field}-error`).textContent();
      assert.equal(await messageOf('email'), 'Please enter a valid email address');
      assert.equal(await messageOf('answer-home-type'), 'Please answer this question');
      assert.equal(await messageOf('answer-why'), 'Please answer this question');
      assert.equal(
        await plain.page.getByLabel('Email').getAttribute('aria-describedby'),
        'field-email-error',
        'the message is tied to its field',
      );
      assert.equal(await plain.page.getByLabel('Your name').inputValue(), off.name, 'what was typed is kept');
      await fillApplication(plain.page, off.name, off.email);
      await plain.page.getByRole('button', { name: 'Send application' }).click();
      await plain.page.getByText(`Your application for ${LITTER} was sent.`).waitFor();

      // A third, by a plain form post.
      const third$ = await suite.open(options);
      await third$.page.goto(`${suite.server.url}/apply/${litterId}`);
      await fillApplication(third$.page, third.name, third.email);
      await third$.page.getByRole('button', { name: 'Send application' }).click();
      await third$.page.getByText(`Your application for ${LITTER} was sent.`).waitFor();

      // She sees them "Applied" and decides.
      const admin = await suite.openSignedIn(options);
      await admin.page.goto(`${suite.server.url}/admin?status=applied`);
      await waitForHydration(admin.page);
      await admin.page
        .getByTestId('sales-overview')
        .getByText(/applications? to decide/)
        .waitFor();
      let dialog = await openDetails(admin.page, on.name);
      const section = dialog.getByTestId('application-section');
      await section.getByText(`For ${LITTER}`).waitFor();
      await section.getByText('Fenced, <b>big</b>.').waitFor();
      assert.equal(await dialog.locator('b').count(), 0, 'answers are text');
      await assertNoViolations(admin.page, `an application's details (${width})`);
      await section.getByRole('button', { name: 'Approve' }).click();
      assert.equal((await toastText(admin.page, 'status')).title, 'Application approved');
      await section.getByText(/^Approved .*: on the waitlist\.$/).waitFor();
      assert.equal(await dialog.getByLabel('Status', { exact: true }).inputValue(), 'approved');
      await assertNoViolations(admin.page, `an approved application (${width})`);
      await dialog.getByRole('button', { name: 'Close' }).click();

      // The approval's toast goes first: the next one read is the decline's.
      await admin.page.locator('[role="status"] [data-testid="toast"]').waitFor({ state: 'detached' });
      dialog = await openDetails(admin.page, off.name);
      await dialog.getByTestId('application-section').getByRole('button', { name: 'Decline' }).click();
      const form = dialog.getByRole('form', { name: 'Decline application' });
      await form.getByLabel('Message to the family (optional)').fill('We are full this time, sorry.');
      assert.equal(await form.getByLabel('Email them').isChecked(), false, 'no email unless she ticks it');
      await form.getByLabel('Email them').check();
      await assertNoViolations(admin.page, `the decline form (${width})`);
      await form.getByRole('button', { name: 'Decline application' }).click();
      assert.equal((await toastText(admin.page, 'status')).title, 'Application declined');
      await dialog.getByText(/^Declined .*, the family was emailed\.$/).waitFor();
      await assertNoViolations(admin.page, `a declined application (${width})`);
      await dialog.getByRole('button', { name: 'Close' }).click();

      dialog = await openDetails(admin.page, third.name);
      await dialog.getByTestId('application-section').getByRole('button', { name: 'Decline' }).click();
      await dialog.getByRole('button', { name: 'Decline application' }).click();
      await dialog.getByText(/^Declined .*, not emailed\.$/).waitFor();

      // On the real SMTP peer: Otto's email, none for Thea; her notices name the litter.
      const subject = `Your application for ${LITTER}`;
      for (let i = 0; i < 100 && (await mailsTo(off.email, subject)).length === 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const [declined] = await mailsTo(off.email, subject);
      assert.match(declined?.text ?? '', /We are full this time, sorry\./);
      assert.equal((await mailsTo(third.email, subject)).length, 0, 'not emailed without the tick');
      const notice = `New application: ${on.name} for ${LITTER}`;
      for (let i = 0; i < 100 && (await mailsTo('breeder@doodles.test', notice)).length === 0; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal((await mailsTo('breeder@doodles.test', notice)).length, 1);
      // The refused post's own 400 is expected; nothing else.
      for (const opened of [visitor, plain, third$, admin])
        assert.deepEqual(opened.problems.filter(expectedLoadError(400)), [], width);
    });
  }
});
