/**
 * Turning on two-step sign-in on the account page, and signing in with it, in headless Chromium
 * at a phone and a desktop width; axe on every new state.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { createAdmin } from '../helpers/admin';
import {
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  expectedLoadError,
  gotoHydrated,
  PASSWORD,
  viewports,
} from './helpers';

const STEP_MS = 30_000;
const codeAt = (secret: string, stepOffset = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
    timestamp: Date.now() + stepOffset * STEP_MS,
  });

/** Waits until at least `ms` are left in the current 30-second step. */
async function awayFromStepEnd(ms = 10_000) {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

describe('two-step sign-in in a browser', () => {
  const suite = browserSuite({ env: { INQUIRY_RATE_LIMIT: 'off' } });

  for (const [name, options] of Object.entries(viewports) as [string, BrowserContextOptions][]) {
    test(`at ${name} width: turned on from the account page, then asked for after the password`, async () => {
      const username = `${name}@example.com`;
      await createAdmin(suite.server.dataDir, username, PASSWORD);
      const { context, page, problems } = await suite.open({ ...options, acceptDownloads: true });
      const res = await context.request.post(`${suite.server.url}/api/login`, {
        data: { username, password: PASSWORD },
      });
      assert.equal(res.status(), 200);

      await gotoHydrated(page, `${suite.server.url}/admin`);
      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin/account');
      await page.getByText(/^Off\. With it on/).waitFor();
      await assertNoViolations(page, `/admin/account, off (${name})`);

      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
      await qr.waitFor();
      assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/svg\+xml;base64,/);
      const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
      assert.match(secret, /^[A-Z2-7 ]{32,}$/);
      await assertNoViolations(page, `/admin/account, scan (${name})`);

      const codeField = page.getByLabel('Enter the 6-digit code from your authenticator app');
      await page.getByRole('button', { name: 'Turn on', exact: true }).click();
      await page
        .getByText('Enter the 6-digit code from your authenticator app', { exact: true })
        .nth(1)
        .waitFor();
      assert.equal(await codeField.getAttribute('aria-invalid'), 'true');

      await awayFromStepEnd();
      await codeField.fill(codeAt(secret));
      await page.getByRole('button', { name: 'Turn on', exact: true }).click();
      await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
      const codes = await page
        .getByRole('list', { name: 'Your recovery codes' })
        .getByRole('listitem')
        .allTextContents();
      assert.equal(codes.length, 10);
      await assertNoViolations(page, `/admin/account, recovery codes (${name})`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download as text' }).click(),
      ]);
      const text = await readFile((await download.path()) ?? '', 'utf8');
      for (const code of codes) assert.ok(text.includes(code), `the file holds ${code}`);

      await page.getByRole('button', { name: 'Done' }).click();
      await page
        .getByText('On. Signing in asks for a code from your authenticator app. 10 recovery codes left.')
        .waitFor();
      await assertNoViolations(page, `/admin/account, on (${name})`);

      // Signed out, then in again: the password, then the code.
      await page.getByRole('link', { name: 'Admin', exact: true }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      await page.getByLabel('Email').fill(username);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const code = page.getByLabel('Enter the 6-digit code from your authenticator app');
      await code.waitFor();
      assert.equal(
        await code.evaluate((input) => input === document.activeElement),
        true,
        'focus on the code',
      );
      assert.equal(await code.getAttribute('autocomplete'), 'one-time-code');
      await assertNoViolations(page, `/admin/login, second step (${name})`);

      await code.fill(codeAt(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('That code did not work', { exact: false }).waitFor();
      assert.equal(await code.getAttribute('aria-invalid'), 'true');
      await assertNoViolations(page, `/admin/login, wrong code (${name})`);

      await code.fill(codeAt(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin');
      assert.deepEqual(problems.filter(expectedLoadError(401)), []);
    });
  }
});
