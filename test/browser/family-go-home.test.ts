/**
 * Go-home day in Chromium (issue 28), at phone (390 × 844) and desktop widths, and its reminder
 * under a moved clock: she saves each family's go-home day a month ahead from the inquiry's
 * details, the family sees it on their page with "Add to calendar"; nothing is sent yet. Then the
 * server runs with its clock moved to the day before (libfaketime, test/helpers/moved-clock.ts):
 * each family gets "Tomorrow: {puppy} comes home" once, through a real SMTP server process, with a
 * link to their page; she sees it delivered; on the day itself nothing more is sent.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FamilyState } from '../../src/features/family/family';
import { ADMIN, createAdmin, PASSWORD } from '../helpers/admin';
import { dayIn, movedClockEnv } from '../helpers/moved-clock';
import { freePort } from '../helpers/pebble';
import { type RunningServer, startServer } from '../helpers/server';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';
import { openDetails, reservedFamily } from './family-helpers';
import {
  assertNoViolations,
  type Browser,
  type BrowserContextOptions,
  launchBrowser,
  openPage,
  signIn,
  toastText,
  viewports,
  waitForHydration,
} from './helpers';

const TZ = 'America/Phoenix';
/** The go-home day: 30 days from today, her time zone (Phoenix keeps no summer time). */
const GO_HOME = dayIn(TZ, 30);
/** "Tuesday, December 29, 2026 at 10:30 AM", as the family's page writes it. */
const GO_HOME_WORDS = `${new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
}).format(new Date(`${GO_HOME}T00:00:00Z`))} at 10:30 AM`;

const families = [
  { width: 'phone', options: viewports.phone, puppy: 'Daisy' },
  { width: 'desktop', options: viewports.desktop, puppy: 'Luna' },
].map((family) => ({
  ...family,
  name: `Go-home Family ${family.width}`,
  email: `${family.puppy.toLowerCase()}-home@example.com`,
  id: '',
}));

describe('go-home day and its reminder in a browser, under a moved clock', () => {
  let browser: Browser;
  let smtp: Peer;
  let server: RunningServer;
  let dataDir: string;
  let url: string;
  const cleanup: (() => Promise<unknown>)[] = [];
  /** The server on DATA_DIR, on the same port (the pages keep their address), its clock `days` ahead. */
  let env: Record<string, string>;
  const start = async (days: number) => {
    server = await startServer({ dataDir, env: { ...env, ...(days ? movedClockEnv(days) : {}) } });
  };

  before(async () => {
    // Checked first: without libfaketime this file fails before anything starts.
    movedClockEnv(1);
    browser = await launchBrowser();
    cleanup.push(() => browser.close());
    smtp = await startSmtpPeer();
    cleanup.push(() => smtp.stop());
    dataDir = await mkdtemp(path.join(tmpdir(), 'family-go-home-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      PUBLIC_URL: url,
      TZ,
      INQUIRY_RATE_LIMIT: 'off',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL: 'breeder@doodles.test',
      MAIL_FROM: 'Saguaro Doodles <hello@doodles.test>',
    };
    await start(0);
    await createAdmin(dataDir, ADMIN, PASSWORD);
  });
  after(async () => {
    await server?.stop();
    for (const step of cleanup.reverse()) await step();
  });

  type Mail = Awaited<ReturnType<typeof parseMail>>;
  const reminders = async (puppy: string): Promise<Mail[]> => {
    const found: Mail[] = [];
    for (const file of await smtp.files()) {
      const mail = await parseMail(file);
      if (mail.subject === `Tomorrow: ${puppy} comes home`) found.push(mail);
    }
    return found;
  };
  let opened: Awaited<ReturnType<typeof openPage>>[] = [];
  const problems: string[] = [];
  const open = async (options: BrowserContextOptions) => {
    const page = await openPage(browser, options);
    opened.push(page);
    return page;
  };
  /**
   * The pages of the server before a restart are closed first: her dashboard keeps asking, and
   * the restarted server (its clock a month on) rightly answers those old sessions 401.
   */
  const restart = async (days: number) => {
    for (const page of opened) await page.context.close();
    problems.push(...opened.flatMap((page) => page.problems));
    opened = [];
    await server.stop();
    await start(days);
  };

  for (const family of families) {
    test(`${family.width}: she saves the go-home day; the family sees it with "Add to calendar"`, async () => {
      const admin = await open(family.options);
      await signIn(admin.context, url);
      const made = await reservedFamily(url, admin.context, family);
      family.id = made.id;
      await admin.page.goto(`${url}/admin`);
      await waitForHydration(admin.page);
      const dialog = await openDetails(admin.page, family.name);
      const section = dialog.getByTestId('family-section');
      await section.getByLabel('Date', { exact: true }).fill(GO_HOME);
      await section.getByLabel('Time (optional)').fill('10:30');
      await section.getByLabel('Place (optional)').fill('Prescott Valley, AZ');
      await section.getByLabel('Note for the family (optional)').fill('Bring a <crate> & a blanket');
      await section.getByRole('button', { name: 'Save go-home day' }).click();
      assert.equal((await toastText(admin.page, 'status')).title, 'Saved');
      await assertNoViolations(admin.page, `the go-home day saved (${family.width})`);

      const theirs = await open(family.options);
      await theirs.page.goto(made.link);
      const goHome = theirs.page.locator('section').filter({ has: theirs.page.locator('#go-home-heading') });
      await goHome.getByText(GO_HOME_WORDS).waitFor();
      await goHome.getByText('Prescott Valley, AZ').waitFor();
      await goHome.getByText('Bring a <crate> & a blanket').waitFor();
      const calendar = goHome.getByRole('link', { name: 'Add to calendar' });
      const ics = await theirs.context.request.get(
        new URL((await calendar.getAttribute('href')) ?? '', made.link).href,
      );
      assert.equal(ics.status(), 200);
      assert.match(ics.headers()['content-type'] ?? '', /^text\/calendar/);
      assert.match(await ics.text(), new RegExp(`DTSTART:${GO_HOME.replaceAll('-', '')}T103000`));
      await assertNoViolations(theirs.page, `the family's page with its go-home day (${family.width})`);
    });
  }

  test('a month before: no reminder is sent', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const { puppy } of families) assert.deepEqual(await reminders(puppy), [], `none for ${puppy} yet`);
  });

  test('the clock moved to the day before: each family is reminded once, with a link to their page', async () => {
    await restart(29);
    // The server's own clock is the moved one (its Date header), the test's is not.
    const served = new Date((await fetch(`${url}/healthz`)).headers.get('date') ?? 0).getTime();
    assert.ok(Math.abs(served - (Date.now() + 29 * 86_400_000)) < 120_000, 'the server is 29 days ahead');

    for (const family of families) {
      const deadline = Date.now() + 30_000;
      while ((await reminders(family.puppy)).length === 0) {
        assert.ok(Date.now() < deadline, `no reminder for ${family.puppy}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const [mail, ...more] = await reminders(family.puppy);
      assert.equal(more.length, 0, 'once');
      assert.deepEqual(
        (Array.isArray(mail?.to) ? mail.to : [mail?.to]).flatMap((to) => to?.value.map((v) => v.address)),
        [family.email],
      );
      assert.ok(mail?.text?.includes(GO_HOME_WORDS.split(' at ')[0] ?? '-'), 'the day in words');
      const link = mail?.text?.match(/http:\/\/127\.0\.0\.1:\d+\/family\/[A-Za-z0-9_-]{43}/)?.[0];
      assert.ok(link, 'a link to their page');

      // She sees it delivered in the family's emails (signed in again: a new server start).
      const admin = await open(family.options);
      await signIn(admin.context, url);
      const sent = async () => {
        const res = await admin.context.request.get(`${url}/api/inquiries/${family.id}/family`);
        return ((await res.json()) as FamilyState).mails.some(
          (m) => m.kind === 'reminder' && m.state === 'sent',
        );
      };
      for (let i = 0; i < 100 && !(await sent()); i += 1) await new Promise((r) => setTimeout(r, 100));
      await admin.page.goto(`${url}/admin`);
      await waitForHydration(admin.page);
      const dialog = await openDetails(admin.page, family.name);
      const mails = dialog.getByTestId('family-mails');
      const reminder = mails
        .getByRole('listitem')
        .filter({ hasText: `Tomorrow: ${family.puppy} comes home` });
      await reminder.getByText(/^Delivered · /).waitFor();
      await assertNoViolations(admin.page, `the reminder delivered, in the details (${family.width})`);

      // The family follows the reminder's link: their page, the go-home day tomorrow.
      const theirs = await open(family.options);
      await theirs.page.goto(link);
      await theirs.page.getByRole('heading', { name: `Welcome, ${family.name}` }).waitFor();
      await theirs.page.getByText(GO_HOME_WORDS).waitFor();
      await assertNoViolations(theirs.page, `the family's page from the reminder (${family.width})`);
    }
  });

  test('on the go-home day itself, after another restart: nothing more is sent', async () => {
    await restart(30);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const { puppy } of families) assert.equal((await reminders(puppy)).length, 1, `${puppy}: once`);
    assert.deepEqual(problems, []);
  });
});
