/**
 * Contracts in Chromium, at phone (390 × 844, touch) and desktop widths, against the built server
 * and a real SMTP server process: she edits the template and previews it for a family, sends the
 * contract, the family signs by drawing on a touch screen (or the mouse), she countersigns, both
 * get the PDF by email, and the PDF reads back with its names, signing record and hash.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { signIn as apiSignIn } from '../helpers/admin';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { parseMail, startSmtpPeer } from '../peers/start-peer';
import { openDetails } from './family-helpers';
import {
  ADMIN,
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  expectedLoadError,
  PASSWORD,
  type Page,
  toastText,
  viewports,
} from './helpers';

const run = promisify(execFile);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const smtp = await startSmtpPeer();
after(() => smtp.stop());

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'contract-pdf-'));
  const file = path.join(dir, 'agreement.pdf');
  await writeFile(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

/** Draws a zigzag across the canvas: touch events on a touch screen, else the mouse. */
async function drawOn(page: Page, selector: string, touch: boolean) {
  const box = await page.locator(selector).boundingBox();
  assert.ok(box, 'the signature pad is shown');
  const points = Array.from({ length: 12 }, (_, i) => ({
    x: box.x + (box.width * (i + 1)) / 14,
    y: box.y + box.height * (i % 2 === 0 ? 0.3 : 0.7),
  }));
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    const [first, ...rest] = points;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [first ?? { x: 0, y: 0 }],
    });
    for (const point of rest)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    const [first, ...rest] = points;
    await page.mouse.move(first?.x ?? 0, first?.y ?? 0);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(point.x, point.y, { steps: 3 });
    await page.mouse.up();
  }
}

describe('contracts in a browser: template, preview, send, both sign, the PDF to both', () => {
  const suite = browserSuite({
    admin: true,
    env: {
      INQUIRY_RATE_LIMIT: 'off',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL: 'breeder@doodles.test',
      MAIL_FROM: 'Saguaro Doodles <hello@doodles.test>',
      TZ: 'America/Phoenix',
    },
  });

  /** A family with a reserved puppy, through the API. */
  async function reservedFamily(name: string, puppy: string) {
    const res = await postInquiry(suite.server.url, {
      ...uniqueInquiry('contract'),
      name,
      email: `${puppy.toLowerCase()}@example.com`,
    });
    const { id } = (await res.json()) as { id: string };
    const cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
    const headers = { Cookie: cookie, 'Content-Type': 'application/json' };
    const puppies = (await (await fetch(`${suite.server.url}/api/puppies`, { headers })).json()) as {
      puppies: { id: string; name: string }[];
    };
    const puppyId = puppies.puppies.find((p) => p.name === puppy)?.id;
    const reserved = await fetch(`${suite.server.url}/api/inquiries/${id}/reservation`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ puppyId, deposit: { amount: '250', receivedOn: '2026-11-20', method: 'Cash' } }),
    });
    assert.equal(reserved.status, 200, await reserved.clone().text());
    return id;
  }

  const cases: [string, BrowserContextOptions, string][] = [
    ['phone', viewports.phone, 'Daisy'],
    ['desktop', viewports.desktop, 'Luna'],
  ];
  for (const [width, options, puppy] of cases) {
    test(`${width}: edit the template, preview, send, the family draws and signs, she countersigns, both get the PDF`, async () => {
      const family = `Ζωή <script>x</script> ${width}`;
      await reservedFamily(family, puppy);
      // The dashboard links "Contracts"; the page edits the template like the site's texts.
      const admin = await suite.openDashboard(options);
      await admin.page.getByRole('link', { name: 'Contracts' }).click();
      await admin.page.getByRole('heading', { level: 1, name: 'Contracts' }).waitFor();
      const title = admin.page.getByLabel('Title', { exact: true });
      await title.waitFor();
      await title.fill(`Puppy Sales Agreement – ${width}`);
      await admin.page
        .getByText(/^\d+ characters left$/)
        .first()
        .waitFor();
      await admin.page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
      await assertNoViolations(admin.page, `/admin/contracts with a draft (${width})`);
      await admin.page.getByRole('button', { name: 'Save template' }).click();
      assert.equal((await toastText(admin.page, 'status')).title, 'Template saved');

      // An unknown placeholder is refused, naming it.
      const text = admin.page.getByLabel('Agreement text');
      await text.fill(`${await text.inputValue()}\nPick-up day: {pickupDay}`);
      await admin.page.getByText(/Unknown placeholder: \{pickupDay\}/).waitFor();
      await admin.page.getByRole('button', { name: 'Discard draft' }).click();
      await admin.page.getByRole('status').filter({ hasText: 'No draft' }).waitFor();

      // Preview for a family.
      await admin.page.getByLabel('Family', { exact: true }).selectOption({ label: `${family} – ${puppy}` });
      await admin.page.getByRole('button', { name: 'Preview' }).click();
      const preview = admin.page.getByRole('article', { name: 'Preview for a family' });
      await preview.getByText(`Puppy Sales Agreement – ${width}`).waitFor();
      assert.match(
        (await preview.locator('pre').textContent()) ?? '',
        new RegExp(`and ${family.replace(/[<>/]/g, '.')} \\("the Buyer"\\)`),
      );
      await assertNoViolations(admin.page, `/admin/contracts with a preview (${width})`);

      // Send contract from the reservation.
      const dialog = await openDetails(admin.page, family, suite.server.url);
      await dialog.getByRole('button', { name: 'Send contract' }).click();
      const linkField = dialog.getByLabel(/The family’s link/);
      await linkField.waitFor();
      const link = await linkField.inputValue();
      assert.match(link, /\/contract\/[A-Za-z0-9_-]{43}$/);
      await dialog.getByText(/Status Sent/).waitFor();
      await assertNoViolations(admin.page, `the inquiry's details with a contract sent (${width})`);

      // The family, on their own phone or computer, draws their signature and signs.
      const familyPage = await suite.open(options);
      await familyPage.page.goto(link);
      await familyPage.page
        .getByRole('heading', { level: 1, name: `Puppy Sales Agreement – ${width}` })
        .waitFor();
      const agreement = await familyPage.page.locator('.agreement-text').textContent();
      assert.ok(agreement?.includes(`and ${family} ("the Buyer")`), 'markup in a name is shown as written');
      await assertNoViolations(familyPage.page, `the family's signing page (${width})`);
      if (width === 'phone') {
        // Family pages fit 360 px: nothing scrolls sideways.
        await familyPage.page.setViewportSize({ width: 360, height: 740 });
        const overflow = await familyPage.page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.equal(overflow, 0, 'the signing page fits 360 px');
        await familyPage.page.setViewportSize({ width: 390, height: 844 });
      }
      await familyPage.page.getByRole('button', { name: 'Sign', exact: true }).click();
      await familyPage.page.getByText('Tick the box to agree to sign electronically').waitFor();
      await assertNoViolations(familyPage.page, `the family's signing page with errors (${width})`);
      await familyPage.page
        .getByLabel('I agree to sign electronically and to receive this agreement electronically')
        .check();
      await familyPage.page.getByLabel('Your full name').fill(family);
      await familyPage.page.getByLabel('Draw it').check();
      await drawOn(familyPage.page, 'canvas[data-canvas]', width === 'phone');
      await familyPage.page.getByRole('button', { name: 'Sign', exact: true }).click();
      await familyPage.page.getByText('Thank you: you signed the agreement.').waitFor();
      await familyPage.page.getByText('Signed by family', { exact: true }).waitFor();
      await assertNoViolations(familyPage.page, `the family's page once signed (${width})`);

      // She countersigns from the details.
      const again = await openDetails(admin.page, family, suite.server.url);
      await again.getByText(/Status Signed by family/).waitFor();
      await again.getByRole('button', { name: 'Sign as breeder' }).click();
      const form = again.getByRole('form', { name: 'Sign as breeder' });
      await form
        .getByLabel('I agree to sign electronically and to receive this agreement electronically')
        .check();
      await form.getByLabel('Your full name').fill('Ann Breeder');
      await assertNoViolations(admin.page, `"Sign as breeder" (${width})`);
      await form.getByRole('button', { name: 'Sign', exact: true }).click();
      assert.equal((await toastText(admin.page, 'status')).title, 'Signed');
      await again.getByText(/Status Signed by both/).waitFor();
      const pdfLink = again.getByRole('link', { name: 'Signed PDF' });
      await pdfLink.waitFor();
      const shownHash = (await again.locator('code').last().textContent()) ?? '';
      await assertNoViolations(admin.page, `the details with the signed PDF (${width})`);

      const pdf = Buffer.from(
        await (
          await admin.context.request.get(`${suite.server.url}${await pdfLink.getAttribute('href')}`)
        ).body(),
      );
      assert.equal(sha256(pdf), shownHash);
      const textOfPdf = await pdfText(pdf);
      assert.ok(textOfPdf.includes(family), 'the family name as written');
      assert.match(textOfPdf, /Ann Breeder/);
      assert.match(textOfPdf, /Signing record/);
      assert.match(textOfPdf, /Signature: drawn on the screen/);

      // The family's page offers the same PDF, and both got it by email.
      await familyPage.page.reload();
      await familyPage.page.getByRole('link', { name: 'Download the signed agreement (PDF)' }).waitFor();
      const deadline = Date.now() + 15_000;
      let attached: string[] = [];
      while (attached.length < 2) {
        assert.ok(Date.now() < deadline, 'both emails with the PDF arrive');
        await new Promise((resolve) => setTimeout(resolve, 200));
        const mails = await Promise.all((await smtp.files()).map((file) => parseMail(file)));
        attached = mails
          .filter((mail) => mail.attachments.some((file) => sha256(file.content) === shownHash))
          .flatMap((mail) =>
            (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap(
              (to) => to?.value.map((v) => v.address ?? '') ?? [],
            ),
          );
      }
      assert.deepEqual(attached.sort(), ['breeder@doodles.test', `${puppy.toLowerCase()}@example.com`]);

      // "Void contract" with a reason: void in place, its PDF kept; the family's page says so.
      const details = await openDetails(admin.page, family, suite.server.url);
      await details.getByRole('button', { name: 'Void contract' }).click();
      await details.getByRole('button', { name: 'Void it' }).click();
      await details.getByText('Write why the contract is void').waitFor();
      await details.getByLabel('Why is it void?').fill('Family moved to another puppy');
      await assertNoViolations(admin.page, `"Void contract" (${width})`);
      await details.getByRole('button', { name: 'Void it' }).click();
      await details.getByText(/Status Void/).waitFor();
      await details.getByText('Void: Family moved to another puppy').waitFor();
      await details.getByRole('button', { name: 'Send contract' }).waitFor();
      await assertNoViolations(admin.page, `a void contract in the details (${width})`);
      await familyPage.page.reload();
      await familyPage.page.getByText('This contract was voided: Family moved to another puppy').waitFor();
      await assertNoViolations(familyPage.page, `the family's page of a void contract (${width})`);
      // The one expected error here: "Void it" without a reason, answered 400 with its message.
      assert.deepEqual(admin.problems.filter(expectedLoadError(400)), []);
      // The one expected error: "Sign" without the consent, answered 400 with the page and its messages.
      assert.deepEqual(familyPage.problems.filter(expectedLoadError(400)), []);
    });
  }
});
