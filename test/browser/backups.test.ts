import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createAdmin } from '../helpers/admin';
import { startServer } from '../helpers/server';
import { freePort } from '../peers/start-peer';
import {
  ADMIN,
  assertNoViolations,
  type Browser,
  launchBrowser,
  openPage,
  PASSWORD,
  signIn,
  toastText,
  viewports,
} from './helpers';

// What the breeder sees of the backups on the dashboard: the line, the warning with its reason
// when the off-site storage is unreachable, "Back up now" and "Download backup".

let browser: Browser;
let work: string;
const cleanup: (() => Promise<unknown>)[] = [];
before(async () => {
  browser = await launchBrowser();
  work = await mkdtemp(path.join(tmpdir(), 'doodles-backups-ui-'));
});
after(async () => {
  await Promise.all(cleanup.map((step) => step()));
  await browser.close();
  await rm(work, { recursive: true, force: true });
});

test('the Backups card: no backup yet, a failed upload warns with its reason, the download saves the archive', async () => {
  const port = await freePort(); // nothing listens: the storage is down
  const server = await startServer({
    env: {
      BACKUP_DIR: path.join(work, 'backups'),
      BACKUP_S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${port}/doodle-backups`,
      BACKUP_PASSPHRASE: 'burst-swarm-slender',
      LOG_LEVEL: 'error',
    },
  });
  cleanup.push(() => server.stop());
  await createAdmin(server.dataDir, ADMIN, PASSWORD);

  const { page, context } = await openPage(browser, { ...viewports.phone, acceptDownloads: true });
  cleanup.push(() => context.close());
  await signIn(context, server.url);
  await page.goto(`${server.url}/admin`);
  const card = page.getByRole('region', { name: 'Backups' });
  const line = card.getByTestId('backup-line');
  await line.waitFor();
  assert.match(
    (await line.textContent()) ?? '',
    /^No backup yet\. The first one runs [A-Z][a-z]{2} \d{1,2}, \d{4} at 3:00 AM MST\.$/,
  );
  assert.equal(await card.getByRole('alert').count(), 0);

  await card.getByRole('button', { name: 'Back up now' }).click();
  const warning = card.getByRole('alert');
  await warning.waitFor({ timeout: 60_000 });
  const reason = (await warning.textContent()) ?? '';
  assert.match(
    reason,
    /^Backups need attention.*failed: uploading it to S3 bucket doodle-backups failed: .*ECONNREFUSED/,
  );
  assert.doesNotMatch(reason, /S3RVER/, 'the credentials are never shown');
  assert.equal((await toastText(page, 'alert')).title, 'The backup failed');
  assert.match(
    (await line.textContent()) ?? '',
    /^Last backup: [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M MST \(\d+(\.\d)? [KM]B\), in .*backups only\. The next one runs [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M MST\.$/,
  );
  await assertNoViolations(page, '/admin (phone, backup warning)');

  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download backup' }).click();
  const download = await downloading;
  assert.match(
    download.suggestedFilename(),
    /^saguaro-doodles-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz\.age$/,
  );
  const saved = path.join(work, download.suggestedFilename());
  await download.saveAs(saved);
  assert.ok((await stat(saved)).size > 1_000_000, 'the archive holds the photos');
});
