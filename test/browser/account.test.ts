/**
 * The account page's password change and "Where you're signed in", in headless Chromium at a
 * phone and a desktop width; axe on every new state.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
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

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('the account page in a browser', () => {
  const suite = browserSuite({ env: { INQUIRY_RATE_LIMIT: 'off' } });

  for (const [name, options] of Object.entries(viewports) as [string, BrowserContextOptions][]) {
    test(`at ${name} width: sessions listed and signed out, the password changed`, async () => {
      const username = `account-${name}@example.com`;
      await createAdmin(suite.server.dataDir, username, PASSWORD);
      // Another browser, signed in first: an iPhone.
      const other = await suite.open({ ...viewports.phone, userAgent: IPHONE });
      const signIn = (context: typeof other.context) =>
        context.request.post(`${suite.server.url}/api/login`, { data: { username, password: PASSWORD } });
      assert.equal((await signIn(other.context)).status(), 200);

      const { context, page, problems } = await suite.open(options);
      assert.equal((await signIn(context)).status(), 200);
      await gotoHydrated(page, `${suite.server.url}/admin/account`);
      const sessions = page.getByRole('region', { name: "Where you're signed in" });
      await sessions.getByText('Safari on iPhone').waitFor();
      assert.equal(await sessions.getByText('This device').count(), 1);
      assert.equal(await sessions.getByRole('listitem').count(), 2);
      await assertNoViolations(page, `/admin/account, two sessions (${name})`);

      const signOut = sessions.getByRole('button', { name: 'Sign out', exact: true });
      assert.equal(await signOut.count(), 1, 'only the other session has "Sign out"');
      await signOut.click();
      await sessions.getByText('Signed in nowhere else.').waitFor();
      assert.equal((await other.context.request.get(`${suite.server.url}/api/user`)).status(), 401);

      // The password: the form's own messages, then the server's rule, then a change.
      const card = page.getByRole('region', { name: 'Change password' });
      await card.getByRole('button', { name: 'Change password' }).click();
      await card.getByText('Enter your current password').waitFor();
      assert.equal(
        await card.getByLabel('Current password').evaluate((input) => input === document.activeElement),
        true,
      );
      await assertNoViolations(page, `/admin/account, password errors (${name})`);

      await card.getByLabel('Current password').fill(PASSWORD);
      await card.getByLabel('New password', { exact: true }).fill('too short');
      await card.getByLabel('New password again').fill('too short');
      await card.getByRole('button', { name: 'Change password' }).click();
      await card.getByText(/too short: use at least 12 characters/).waitFor();
      // Long enough, but one of the 10,000 most common passwords (ASVS 6.2.4).
      await card.getByLabel('New password', { exact: true }).fill('1qaz2wsx3edc');
      await card.getByLabel('New password again').fill('1qaz2wsx3edc');
      await card.getByRole('button', { name: 'Change password' }).click();
      await card
        .getByText(
          'The password is one of the 10,000 most common passwords, which are tried first: choose another.',
        )
        .waitFor();
      await assertNoViolations(page, `/admin/account, a common password (${name})`);

      assert.equal((await signIn(other.context)).status(), 200, 'the other browser again');
      const next = `${PASSWORD} but newer`;
      await card.getByLabel('New password', { exact: true }).fill(next);
      await card.getByLabel('New password again').fill(next);
      await card.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password is changed. Every other session was signed out.').first().waitFor();
      assert.equal((await other.context.request.get(`${suite.server.url}/api/user`)).status(), 401);
      assert.equal(
        (await context.request.get(`${suite.server.url}/api/user`)).status(),
        200,
        'this one stays',
      );
      await sessions.getByText('Signed in nowhere else.').waitFor();
      await assertNoViolations(page, `/admin/account, password changed (${name})`);
      assert.deepEqual(problems.filter(expectedLoadError(400)), []);
    });
  }
});
