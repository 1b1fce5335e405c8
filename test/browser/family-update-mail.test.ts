/**
 * "Post an update" with photos in Chromium (issue 28), at phone (390 × 844) and desktop widths,
 * against the built server and a real SMTP server process: she posts a text and two photos from
 * the inquiry's details, the family gets "New photos of {puppy}" (a link to their page, never the
 * photos as attachments), she sees it delivered, and the family opens the email's link and sees
 * the update with its photos.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { fixtureDir, phoneJpeg, pngPhoto } from '../fixtures/photos';
import { parseMail, startSmtpPeer } from '../peers/start-peer';
import { openDetails, reservedFamily } from './family-helpers';
import { assertNoViolations, browserSuite, toastText, viewports } from './helpers';

const smtp = await startSmtpPeer();
after(() => smtp.stop());

type Mail = Awaited<ReturnType<typeof parseMail>>;
const addressesOf = (mail: Mail) =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) => to?.value.map((v) => v.address) ?? []);

/** The first email to `to` whose subject is `subject`, once the SMTP server has it (30 s at most: the first email of a server has taken 7.6 s at load average 18). */
async function mailTo(to: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const file of await smtp.files()) {
      const mail = await parseMail(file);
      if (mail.subject === subject && addressesOf(mail).includes(to)) return mail;
    }
    assert.ok(Date.now() < deadline, `no "${subject}" to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('an update with photos in a browser: the family emailed through a real SMTP server', () => {
  const suite = browserSuite({
    admin: true,
    env: {
      INQUIRY_RATE_LIMIT: 'off',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL: 'breeder@doodles.test',
      MAIL_FROM: 'Saguaro Doodles <hello@doodles.test>',
    },
  });

  const cases = [
    ['phone', viewports.phone, 'Daisy'],
    ['desktop', viewports.desktop, 'Luna'],
  ] as const;
  for (const [width, options, puppy] of cases) {
    test(`${width}: post a text and two photos; the family's email links to their page, which shows them`, async () => {
      const name = `Update Family ${width}`;
      const email = `${puppy.toLowerCase()}-${width}@example.com`;
      const admin = await suite.openSignedIn(options);
      const url = suite.server.url;
      await reservedFamily(url, admin.context, { name, email, puppy });

      await admin.page.goto(`${url}/admin`);
      const dialog = await openDetails(admin.page, name);
      const section = dialog.getByTestId('family-section');
      await section.getByRole('button', { name: 'Post an update' }).click();
      // Markup typed in an update is text, in the email and on the page.
      const words = `Eyes open at <b>two weeks</b> (${width})`;
      await section.getByLabel('Update', { exact: true }).fill(words);
      const fixtures = await fixtureDir();
      await section
        .locator('#photo-files')
        .setInputFiles([await phoneJpeg(fixtures), await pngPhoto(fixtures)]);
      await section.locator('form img').nth(1).waitFor();
      await assertNoViolations(admin.page, `an update with two photos, before "Post" (${width})`);
      await section.getByRole('button', { name: 'Post', exact: true }).click();
      assert.equal((await toastText(admin.page, 'status')).title, 'Posted: the families are being emailed');
      const posted = section.getByTestId('family-updates').getByRole('listitem').filter({ hasText: words });
      await posted.getByText('2 photos').waitFor();

      // The email, as the SMTP server received it: a link to their page, no attachment.
      const mail = await mailTo(email, `New photos of ${puppy}`);
      assert.equal(mail.attachments.length, 0, 'never the photos as attachments');
      assert.ok(mail.text?.includes(words), 'the update in the text as typed');
      assert.ok(!(mail.html || '').includes('<b>two weeks</b>'), 'never markup in the HTML part');
      const link = mail.text?.match(/https?:\/\/\S+\/family\/[A-Za-z0-9_-]{43}/)?.[0];
      assert.ok(link, 'a link to their page');

      // She sees it delivered beside the update, without reopening the details.
      await posted.getByText(`${name}: Delivered`).waitFor({ timeout: 30_000 });
      await assertNoViolations(admin.page, `an update delivered (${width})`);

      // The family follows the email's link on their own phone or computer.
      const family = await suite.open(options);
      await family.page.goto(link);
      await family.page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor();
      const update = family.page.locator('.update').filter({ hasText: words });
      await update.waitFor();
      assert.equal(await update.locator('b').count(), 0, 'the words are text');
      const photos = update.locator('img');
      assert.equal(await photos.count(), 2);
      for (const photo of await photos.all()) {
        await photo.scrollIntoViewIfNeeded();
        const loaded = await photo.elementHandle();
        await family.page.waitForFunction(
          (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
          loaded,
        );
      }
      await assertNoViolations(family.page, `the family's page with the update (${width})`);
      assert.deepEqual([...admin.problems, ...family.problems], []);
    });
  }
});
