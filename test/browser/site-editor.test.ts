/**
 * The site editor (/admin/site) in a real Chromium, at phone and desktop widths: from the
 * dashboard's "Site" link, change a text, a price, the birth date with the computed age, a hero
 * slide's photo and a why-choose card; "Draft saved"; the preview shows it to her while `/` does
 * not change; Publish (the page, the share tags and the JSON-LD follow); History and Restore;
 * Discard draft; a stale tab's change refused with a message to reload; the parents added; markup
 * typed into the fields comes out as text. axe finds no violation, and the page fits 360 px.
 * The editor's sections (issue 32) are site-editor-sections.test.ts's.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { fixtureDir, pngPhoto } from '../fixtures/photos';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { ADMIN, assertNoViolations, browserSuite, type Page, viewports } from './helpers';
import { draftWhere, expand, section, sectionList } from './site-editor-helpers';

const HOSTILE = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

describe('the site editor in a browser', () => {
  const suite = browserSuite({ admin: true });
  let png = '';
  before(async () => {
    png = await pngPhoto(await fixtureDir());
  });

  /** The live page as a visitor gets it. */
  async function visitor(page: Page) {
    await page.goto(`${suite.server.url}/`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    return {
      headline: await page.locator('#hero-headline').textContent(),
      title: await page.title(),
      ogTitle: await page.locator('meta[property="og:title"]').getAttribute('content'),
      ld,
      pwned: await page.evaluate(() => (window as { __pwned?: number }).__pwned),
    };
  }

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: edit, preview, publish, restore, discard`, async () => {
      const { page, context, problems } = await suite.openSignedIn(options);
      const url = suite.server.url;
      const before = await visitor(await context.newPage());

      await page.goto(`${url}/admin`);
      await page.getByRole('link', { name: 'Site', exact: true }).click();
      await page.getByRole('heading', { name: 'Site', level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin/site');
      await page.getByRole('navigation', { name: 'Sections of the page' }).waitFor();
      await assertNoViolations(page, `/admin/site (${width})`);
      await section(page, 'About');
      // A fresh install's badge counts, and says it keeps the starting words until the puppies change.
      const badge = page.getByRole('group', { name: 'Availability badge' });
      assert.equal(await badge.getByLabel('Count the available puppies').isChecked(), true);
      await badge.getByText('Until you first change your puppies').waitFor();

      // A text, with its count of characters left; a price; the birth date with the computed age.
      const headline = `${width} litter is here!`;
      await section(page, 'Hero');
      await page.getByLabel('Headline', { exact: true }).fill(headline);
      await page
        .getByText(`${80 - headline.length} characters left`)
        .first()
        .waitFor();
      await section(page, 'Deal');
      await page.getByLabel('Price of one puppy').fill('1,250');
      await section(page, 'About');
      await page.getByLabel('Born', { exact: true }).fill('2020-03-01');
      await page.getByRole('group', { name: 'Age' }).getByLabel('From the birth date').check();
      await section(page, 'Why choose');
      await expand(page, 'Card 1');
      await page.getByLabel('Card 1 title').fill(`${width} Hypoallergenic`);
      await section(page, 'Search and sharing');
      await page.getByLabel('Page title').fill(`${width} puppies | Saguaro Doodles`);
      await section(page, 'Hero');
      await page.getByLabel('Tagline', { exact: true }).fill(HOSTILE);
      // A new photo for the first slide, through the litter manager's upload.
      await expand(page, 'Slide 1');
      await page.getByLabel('Upload a photo (slide 1)').setInputFiles(png);
      await page.getByLabel('Alt text (slide 1)').fill(`${width} puppies on the lawn`);
      await draftWhere(
        page,
        (c) =>
          c.hero.headline === headline &&
          c.prices.single === 1250 &&
          c.litter.ageMode === 'computed' &&
          c.hero.slides[0]?.photo.widths !== undefined &&
          c.hero.slides[0]?.photo.alt === `${width} puppies on the lawn`,
      );

      // An empty required field is not saved, and says so beside the field.
      await section(page, 'Deal');
      await page.getByLabel('Deal heading').fill('');
      await page.getByRole('status').filter({ hasText: 'Not saved: check the highlighted fields' }).waitFor();
      await page.getByText('This field is required').waitFor();
      if (width === 'desktop') await assertNoViolations(page, '/admin/site with a field error');
      await page.getByLabel('Deal heading').fill('AMAZING PUPPY DEAL');
      await draftWhere(page, (c) => c.deal.heading === 'AMAZING PUPPY DEAL');

      // The preview shows the draft, to her only; `/` is unchanged.
      const preview = await context.newPage();
      await preview.goto(`${url}/admin/site/preview`);
      assert.equal(await preview.locator('#hero-headline').textContent(), headline);
      assert.equal(await preview.locator(`img[alt="${width} puppies on the lawn"]`).count(), 1);
      const still = await visitor(await context.newPage());
      assert.equal(still.headline, before.headline);

      // Publish: live at once, share tags and JSON-LD too; markup stayed text.
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('The page shows your changes now.').waitFor();
      await page.getByRole('status').filter({ hasText: 'No draft: this is what is live' }).waitFor();
      const live = await visitor(await context.newPage());
      assert.equal(live.headline, headline);
      assert.equal(live.title, `${width} puppies | Saguaro Doodles`);
      assert.equal(live.ogTitle, `${width} puppies | Saguaro Doodles`);
      assert.equal(live.ld.makesOffer[0].price, '1250.00');
      assert.equal(live.pwned, undefined);
      const site = await context.newPage();
      await site.goto(`${url}/`);
      await site.locator('#hero-headline + p').filter({ hasText: HOSTILE }).waitFor();
      assert.match((await site.locator('#puppies').textContent()) ?? '', /is \d+ years old/);
      assert.match((await site.locator('#contact aside').textContent()) ?? '', /Price: \$1,250/);
      assert.equal(await site.locator('#why-choose h3').first().textContent(), `${width} Hypoallergenic`);

      // History: restore the fresh install's version as the draft, then discard it.
      await sectionList(page);
      const history = page
        .getByRole('region', { name: 'History' })
        .or(page.locator('section[aria-labelledby="site-history-title"]'));
      await history.getByRole('button', { name: 'Restore' }).last().click();
      await page.getByText('Check it, then publish it.').waitFor();
      await section(page, 'Hero');
      assert.equal(
        await page.getByLabel('Headline', { exact: true }).inputValue(),
        'Meet Our Adorable F1B English Goldendoodle Puppies!',
      );
      await assertNoViolations(page, `/admin/site after a restore (${width})`);
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await page.getByRole('status').filter({ hasText: 'No draft: this is what is live' }).waitFor();
      assert.equal(await page.getByLabel('Headline', { exact: true }).inputValue(), headline);
      assert.deepEqual(problems, []);
    });
  }

  test('a stale tab: its change is refused with a message to reload, never a silent overwrite', async () => {
    const { page, context } = await suite.openSignedIn(viewports.desktop);
    const url = suite.server.url;
    await page.goto(`${url}/admin/site`);
    await section(page, 'Hero');
    const other = await context.newPage();
    await other.goto(`${url}/admin/site`);
    await section(other, 'Footer');
    await other.getByLabel('Footer tagline').fill('Published from the other tab');
    await draftWhere(other, (c) => c.footer.tagline === 'Published from the other tab');
    await other.getByRole('button', { name: 'Publish' }).click();
    await other.getByText('The page shows your changes now.').waitFor();

    await page.getByLabel('Headline', { exact: true }).fill('From the stale tab');
    await page.getByRole('alert').filter({ hasText: 'Reload the page' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Publish' }).isDisabled(), true);
    await assertNoViolations(page, '/admin/site with a stale draft');
    await page.reload();
    assert.notEqual(await page.getByLabel('Headline', { exact: true }).inputValue(), 'From the stale tab');
    await section(page, 'Footer');
    assert.equal(await page.getByLabel('Footer tagline').inputValue(), 'Published from the other tab');
  });

  test('why-choose cards: add one, move it up, publish; remove it again', async () => {
    const { page, context } = await suite.openSignedIn(viewports.desktop);
    const url = suite.server.url;
    await page.goto(`${url}/admin/site`);
    await section(page, 'Why choose');
    await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByLabel('Card 7 title').fill('Lifetime Support');
    await page.getByLabel('Card 7 description').fill('Call us any time about your puppy, for life.');
    await page.getByLabel('Card 7 icon').selectOption('award');
    await page.getByRole('group', { name: 'Card 7' }).getByRole('button', { name: 'Move up' }).click();
    await draftWhere(page, (c) => c.why.cards[5]?.title === 'Lifetime Support' && c.why.cards.length === 7);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('The page shows your changes now.').waitFor();
    const site = await context.newPage();
    await site.goto(`${url}/`);
    const titles = await site.locator('#why-choose li h3').allTextContents();
    assert.equal(titles.length, 7);
    assert.equal(titles[5], 'Lifetime Support');

    await expand(page, 'Card 6');
    await page.getByRole('group', { name: 'Card 6' }).getByRole('button', { name: 'Remove' }).click();
    await draftWhere(
      page,
      (c) => c.why.cards.length === 6 && c.why.cards.every((card) => card.title !== 'Lifetime Support'),
    );
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'No draft: this is what is live' }).waitFor();
    await site.goto(`${url}/`);
    assert.equal(await site.locator('#why-choose li h3').count(), 6);
    // History names who published, newest first.
    await sectionList(page);
    await page
      .getByText(new RegExp(`Version \\d+: .* by ${ADMIN}`))
      .first()
      .waitFor();
  });

  test('phone 360 px: Meet the Parents added with a photo; the editor fits the screen', async () => {
    const { page, context } = await suite.openSignedIn({
      ...viewports.phone,
      viewport: { width: 360, height: 800 },
    });
    const url = suite.server.url;
    await page.goto(`${url}/admin/site`);
    await section(page, 'Parents');
    await page.getByRole('button', { name: 'Add the mother' }).click();
    await page.getByLabel("Mother's name").fill('Sadie');
    await page.getByLabel("Mother's breed").fill('English Cream Goldendoodle');
    await page.getByLabel("Upload a photo (mother's photo)").setInputFiles(png);
    await page.getByLabel("Alt text (mother's photo)").fill('Sadie in the garden');
    await page
      .getByLabel("Mother's health testing (one result a line)")
      .fill('OFA hips: Good\nOFA elbows: Normal');
    await draftWhere(
      page,
      (c) => c.parents.mother?.photo.widths !== undefined && c.parents.mother.health.includes('OFA elbows'),
    );
    const fits = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(fits <= 360, `the editor scrolls to ${fits} px on a 360 px phone`);
    await assertNoViolations(page, '/admin/site with a parent (360 px)');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('The page shows your changes now.').waitFor();

    const site = await context.newPage();
    await site.goto(`${url}/`);
    const parents = site.locator('#parents');
    await parents.getByRole('heading', { name: 'Meet the Parents' }).waitFor();
    await parents.getByRole('heading', { name: 'Sadie' }).waitFor();
    await parents.getByText('OFA hips: Good').waitFor();
    // Between the sold puppies and why choose.
    const order = await site.evaluate(() =>
      [...document.querySelectorAll('main > section[id]')].map((s) => s.id),
    );
    assert.ok(order.indexOf('parents') > order.indexOf('sold-puppies'));
    assert.ok(order.indexOf('parents') < order.indexOf('why-choose'));
  });

  test('a published brand names the admin pages in the browser too: the unread count, the visits page', async () => {
    const { page } = await suite.openSignedIn(viewports.desktop);
    const url = suite.server.url;
    // A new inquiry: the dashboard's title, set by the browser, then carries the unread count.
    assert.equal((await postInquiry(url, uniqueInquiry('brand'))).status, 201);
    await page.goto(`${url}/admin/site`);
    await section(page, 'Hero');
    await page.getByLabel('Brand, first word').fill('Sonoran');
    await draftWhere(page, (c) => c.brand.first === 'Sonoran');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('The page shows your changes now.').waitFor();

    await page.goto(`${url}/admin`);
    await page.waitForFunction(() => /^\(\d+\) Admin Dashboard \| Sonoran Doodles$/.test(document.title));
    // Reached in place from the dashboard, the visits page names it too.
    await page.getByRole('link', { name: 'View visits' }).click();
    await page.waitForFunction(() => document.title === 'Visits | Sonoran Doodles');
  });
});
