/**
 * A full disk as the breeder and a family see it, in Chromium: DATA_DIR on a small real tmpfs
 * filled to the last byte. Her change gets the error toast with the reason, a family's inquiry the
 * "Submission Error" toast; once space is free the same actions succeed without a restart.
 */
import assert from 'node:assert/strict';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { NOT_STORED } from '../../src/server/http/errors';
import { createAdmin } from '../helpers/admin';
import { fillDisk, mountSmallDisk } from '../helpers/full-disk';
import { type RunningServer, startServer } from '../helpers/server';
import {
  ADMIN,
  type Browser,
  fill,
  gotoHydrated,
  launchBrowser,
  openContactPage,
  openPage,
  PASSWORD,
  signIn,
  submitButton,
  thanksHeading,
  toastText,
  typed,
  viewports,
} from './helpers';

describe('a full disk in the browser', () => {
  let disk: Awaited<ReturnType<typeof mountSmallDisk>>;
  let browser: Browser;
  let server: RunningServer;

  before(async () => {
    browser = await launchBrowser();
    disk = await mountSmallDisk();
    const dataDir = path.join(disk.dir, 'data');
    await mkdir(dataDir);
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    await createAdmin(dataDir, ADMIN, PASSWORD);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await disk?.unmount();
  });

  test('her change and a family’s inquiry get their error toasts, then work again once there is room', async () => {
    const admin = await openPage(browser, viewports.phone);
    await signIn(admin.context, server.url);
    await gotoHydrated(admin.page, `${server.url}/admin/litters`);
    const family = await openContactPage(browser, `${server.url}/`, viewports.phone);
    const filler = path.join(disk.dir, 'filler');
    try {
      await fillDisk(filler);

      await admin.page.locator('li[data-puppy="Daisy"]').getByRole('button', { name: 'Move down' }).click();
      assert.deepEqual(await toastText(admin.page, 'alert'), { title: 'Not saved', description: NOT_STORED });

      await fill(family.page, typed('full'));
      await submitButton(family.page).click();
      assert.deepEqual(await toastText(family.page, 'alert'), {
        title: 'Submission Error',
        description: 'There was a problem submitting your inquiry. Please try again.',
      });
      assert.equal((await family.posts[0]?.response())?.status(), 503);

      await rm(filler);
      await admin.page.locator('li[data-puppy="Daisy"]').getByRole('button', { name: 'Move down' }).click();
      await admin.page.getByText('Saved', { exact: true }).waitFor();
      await submitButton(family.page).click();
      await thanksHeading(family.page).waitFor();
      assert.equal((await family.posts[1]?.response())?.status(), 201);
    } finally {
      await admin.context.close();
      await family.context.close();
    }
  });
});
