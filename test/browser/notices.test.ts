import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Inquiry } from '../../src/shared/api';
import type { NoticeRecord } from '../../src/storage/outbox-file';
import { createAdmin } from '../helpers/admin';
import { type RunningServer, startServer } from '../helpers/server';
import { freePort } from '../peers/start-peer';
import {
  ADMIN,
  type Browser,
  launchBrowser,
  openPage,
  PASSWORD,
  type Page,
  signIn,
  viewports,
} from './helpers';

// What the breeder sees of the notices: the alert above the inquiries when they fail, the quiet
// line when they are off, and each inquiry's notice in its details. The data directory is written
// beforehand (inquiries and outbox as the server keeps them), so nothing waits for a retry.

const inquiries: Inquiry[] = [
  {
    id: 'sent-one',
    name: 'Sam Sent',
    email: 'sam@example.com',
    message: 'Hello, is Max available?',
    createdAt: '2026-11-23T20:00:00.000Z',
  },
  {
    id: 'failed-one',
    name: 'Fay Failed',
    email: 'fay@example.com',
    message: 'Hello, is Daisy available?',
    createdAt: '2026-11-23T21:05:00.000Z',
  },
];
const settled: NoticeRecord[] = [
  {
    inquiryId: 'sent-one',
    channel: 'email',
    state: 'sent',
    attempts: 1,
    queuedAt: '2026-11-23T20:00:00.000Z',
    updatedAt: '2026-11-23T20:00:01.000Z',
    lastAnswer: '250 Message queued',
  },
  {
    inquiryId: 'failed-one',
    channel: 'email',
    state: 'failed',
    attempts: 3,
    queuedAt: '2026-11-23T21:05:00.000Z',
    updatedAt: '2026-11-23T21:05:31.000Z',
    failingSince: '2026-11-23T21:05:01.000Z',
    lastAnswer: '550 Mailbox unavailable: rejected by policy',
  },
];

let browser: Browser;
const cleanup: (() => Promise<unknown>)[] = [];
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await Promise.all(cleanup.map((step) => step()));
  await browser.close();
});

async function seededServer(env: Record<string, string>, withOutbox: boolean): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-notices-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  await writeFile(path.join(dataDir, 'inquiries.json'), `${JSON.stringify({ version: 1, inquiries })}\n`);
  if (withOutbox) {
    const baselines = { email: { enabledAt: '2026-11-23T19:00:00.000Z', afterInquiryId: null } };
    await writeFile(
      path.join(dataDir, 'outbox.json'),
      JSON.stringify({ version: 1, baselines, waiting: [], settled }),
    );
  }
  await createAdmin(dataDir, ADMIN, PASSWORD);
  const server = await startServer({ env, dataDir });
  cleanup.push(() => server.stop());
  return server;
}

/** On a phone the name opens an inquiry's details; on a desktop, its "View Details" button. */
async function openDetails(page: Page, id: string, phone: boolean) {
  const row = page.locator(`tr[data-inquiry-id="${id}"]`);
  const name = inquiries.find((inquiry) => inquiry.id === id)?.name ?? '';
  await row.getByRole('button', { name: phone ? new RegExp(name) : 'View Details' }).click();
}

async function dashboard(server: RunningServer, options = viewports.desktop) {
  const opened = await openPage(browser, options);
  cleanup.push(() => opened.context.close());
  await signIn(opened.context, server.url);
  await opened.page.goto(`${server.url}/admin`);
  await opened.page.getByRole('heading', { name: 'Puppy Inquiries' }).waitFor();
  return opened;
}

test('failing notices: an alert above the inquiries, and each inquiry says sent or failed', async () => {
  const port = await freePort();
  const server = await seededServer(
    {
      SMTP_URL: `smtp://breeder:pw-123456@127.0.0.1:${port}`,
      NOTIFY_EMAIL: 'breeder@doodles.test',
      MAIL_FROM: 'n@doodles.test',
    },
    true,
  );
  for (const options of [viewports.phone, viewports.desktop]) {
    const { page, problems } = await dashboard(server, options);
    const alert = page.getByRole('alert').filter({ hasText: 'Inquiry notices are not getting through' });
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    assert.match(text, /Emails to you: 1 could not be sent, since November 23, 2026 at \d+:05 [AP]M\./);
    assert.match(text, /550 Mailbox unavailable: rejected by policy/);
    assert.doesNotMatch(text, /pw-123456/);
    // Above the inquiries: the alert comes before the list.
    const failedRow = page.locator('tr[data-inquiry-id="failed-one"]');
    await failedRow.waitFor();
    const alertBox = await alert.boundingBox();
    const rowBox = await failedRow.boundingBox();
    assert.ok(alertBox && rowBox && alertBox.y + alertBox.height <= rowBox.y);
    assert.equal(await page.getByTestId('notices-off').count(), 0);

    await openDetails(page, 'failed-one', options === viewports.phone);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Email to you: Failed after 3 tries').waitFor();
    assert.match((await dialog.textContent()) ?? '', /550 Mailbox unavailable/);
    await page.keyboard.press('Escape');
    await openDetails(page, 'sent-one', options === viewports.phone);
    await page
      .getByRole('dialog')
      .getByText(/Email to you: Sent /)
      .waitFor();
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('status of 404')),
      [],
    );
  }
});

test('notices off: one quiet line says how to turn them on; details say none was sent', async () => {
  const server = await seededServer({}, false);
  const { page } = await dashboard(server);
  const line = page.getByTestId('notices-off');
  await line.waitFor();
  assert.match((await line.textContent()) ?? '', /Email notices are off\..*SMTP_URL and NOTIFY_EMAIL/);
  assert.equal(await page.getByTestId('notice-alert').count(), 0);
  await openDetails(page, 'failed-one', false);
  await page.getByRole('dialog').getByText('No notice was sent for this inquiry').waitFor();
});
