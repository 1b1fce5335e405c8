/**
 * "Add proof of payment" in Chromium (issue 28), at phone (390 × 844) and desktop widths: the
 * family attaches a receipt (a phone photo; a PDF) on their page, she sees it in the inquiry's
 * details, matches it to the payment it proves ("Goes with") and then sees it under that payment,
 * opened for her only.
 */
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fixtureDir, phoneJpeg } from '../fixtures/photos';
import { openDetails, reservedFamily } from './family-helpers';
import { assertNoViolations, browserSuite, toastText, viewports, waitForHydration } from './helpers';

/** A small PDF as a receipt app saves one. */
async function receiptPdf(): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'proof-')), 'receipt.pdf');
  await writeFile(
    file,
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  return file;
}

describe('proof of payment in a browser: attached by the family, beside its payment for her', () => {
  const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });

  const cases = [
    ['phone', viewports.phone, 'Daisy', 'photo', 'image/jpeg'],
    ['desktop', viewports.desktop, 'Luna', 'PDF', 'application/pdf'],
  ] as const;
  for (const [width, options, puppy, kind, type] of cases) {
    test(`${width}: the family adds a ${kind} of their receipt, she matches it to the payment`, async () => {
      const name = `Proof Family ${width}`;
      const admin = await suite.openSignedIn(options);
      const url = suite.server.url;
      const { link, reservationId } = await reservedFamily(url, admin.context, { name, puppy });
      const paid = await admin.context.request.post(`${url}/api/reservations/${reservationId}/payments`, {
        data: { amount: '200', paidOn: '2026-11-27', method: 'Venmo' },
      });
      assert.equal(paid.status(), 200);

      // The family, on their own phone or computer: no account, no script.
      const family = await suite.open(options);
      await family.page.goto(link);
      await family.page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor();
      const file = kind === 'photo' ? await phoneJpeg(await fixtureDir()) : await receiptPdf();
      await family.page.getByLabel('A photo or PDF of your receipt (at most 8 MB)').setInputFiles(file);
      await family.page.getByRole('button', { name: 'Add proof of payment' }).click();
      await family.page.getByText('Your receipt was added. Thank you!').waitFor();
      await family.page.getByText(new RegExp(`^${kind === 'photo' ? 'Photo' : 'PDF'} added `)).waitFor();
      await assertNoViolations(family.page, `the family's page with a receipt added (${width})`);

      // She sees it in the details, not yet matched to a payment.
      await admin.page.goto(`${url}/admin`);
      await waitForHydration(admin.page);
      let dialog = await openDetails(admin.page, name);
      const proofLine = new RegExp(
        `^Proof of payment from the family, \\w{3} \\d{1,2}, \\d{4} \\(${kind}\\)$`,
      );
      const unmatched = dialog.getByTestId('family-proofs');
      await unmatched.getByText('Receipts not matched to a payment').waitFor();
      await unmatched.getByRole('link', { name: proofLine }).waitFor();
      await assertNoViolations(admin.page, `a receipt not matched yet (${width})`);

      // "Goes with": the $200 Venmo payment. It then shows under that payment.
      const choice = unmatched.getByLabel('Goes with');
      const choices = await choice.locator('option').allTextContents();
      assert.deepEqual(choices, [
        'Not matched to a payment yet',
        'Deposit $300 (Zelle, Nov 20, 2026)',
        'Payment $200 (Venmo, Nov 27, 2026)',
      ]);
      await choice.selectOption({ label: 'Payment $200 (Venmo, Nov 27, 2026)' });
      assert.equal((await toastText(admin.page, 'status')).title, 'Receipt matched');
      const payments = dialog.getByTestId('family-payments');
      const payment = payments.getByRole('listitem').filter({ hasText: /^Payment \$200 \(Venmo/ });
      const receipt = payment.getByRole('link', { name: proofLine });
      await receipt.waitFor();
      // The focus moved with it: the keyboard goes on from its "Goes with".
      assert.equal(
        await payment.getByLabel('Goes with').evaluate((el) => el === document.activeElement),
        true,
      );
      assert.equal(await dialog.getByTestId('family-proofs').count(), 0, 'no receipt left unmatched');
      assert.equal(
        await payments
          .getByRole('listitem')
          .filter({ hasText: /^Deposit/ })
          .getByRole('link')
          .count(),
        0,
        'not beside the deposit',
      );
      await assertNoViolations(admin.page, `a receipt beside its payment (${width})`);
      // The payment's words in "Goes with" fit the details, on a phone too (no sideways scroll).
      const fits = await dialog.evaluate(
        (el) =>
          el.scrollWidth <= el.clientWidth &&
          [...el.querySelectorAll('*')].every(
            (child) => child.getBoundingClientRect().right <= window.innerWidth,
          ),
      );
      assert.ok(fits, 'nothing wider than the details');

      // Opened for her only, as the type its bytes were found to be, sandboxed.
      const href = (await receipt.getAttribute('href')) ?? '';
      const opened = await admin.context.request.get(`${url}${href}`);
      assert.equal(opened.status(), 200);
      assert.equal(opened.headers()['content-type'], type);
      assert.match(opened.headers()['content-security-policy'] ?? '', /sandbox/);
      assert.equal((await family.context.request.get(`${url}${href}`)).status(), 401, 'not for the family');

      // Kept: the details opened afresh show it under the payment still.
      await dialog.getByRole('button', { name: 'Close' }).click();
      dialog = await openDetails(admin.page, name);
      await dialog
        .getByTestId('family-payments')
        .getByRole('listitem')
        .filter({ hasText: /^Payment \$200/ })
        .getByRole('link', { name: proofLine })
        .waitFor();
      assert.deepEqual([...admin.problems, ...family.problems], []);
    });
  }
});
