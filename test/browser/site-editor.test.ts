/**
 * The site editor (/admin/site) in a real Chromium, at phone and desktop widths: from the
 * dashboard's "Site" link, change a text, a price, the birth date with the computed age, a hero
 * slide's photo and a why-choose card; "Draft saved"; the preview shows it to her while `/` does
 * not change; Publish (the page, the share tags and the JSON-LD follow); History and Restore;
 * Discard draft; a stale tab's change refused with a message to reload; the parents added; markup
 * typed into the fields comes out as text. axe finds no violation, and the page fits 360 px.
 * Since issue 32 the editor opens on the list of the page's sections, each section's fields shown
 * alone (slides and cards opened one by one), with the bar at the bottom: every section opened at
 * 390 px (at most three screens tall) and at desktop width, axe on each state.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { SiteEditorState } from '../../src/features/site/site-api';
import type { SiteContent } from '../../src/features/site/site-content';
import { fixtureDir, pngPhoto } from '../fixtures/photos';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { ADMIN, assertNoViolations, browserSuite, type Page, signIn, viewports } from './helpers';

const HOSTILE = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

describe('the site editor in a browser', () => {
  const suite = browserSuite({ admin: true });
  let png = '';
  before(async () => {
    png = await pngPhoto(await fixtureDir());
  });

  async function editor(options: (typeof viewports)[keyof typeof viewports]) {
    const opened = await suite.open(options);
    await signIn(opened.context, suite.server.url);
    return opened;
  }

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

  /**
   * Opens one section of the editor from its list of sections (the editor shows one section's
   * fields at a time: issue 32), going back to the list first when a section is open.
   */
  async function section(page: Page, name: string) {
    await sectionList(page);
    await page
      .getByRole('navigation', { name: 'Sections of the page' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
    await page.getByRole('group', { name, exact: true }).waitFor();
  }

  /** Opens a slide or a card of the open section (its fields show once opened). */
  async function expand(page: Page, name: string) {
    await page.getByRole('button', { name: new RegExp(`^${name}(?!\\d)`), expanded: false }).click();
  }

  /** Back to the list of sections (where History is). */
  async function sectionList(page: Page) {
    const back = page.getByRole('button', { name: 'All sections' });
    if (await back.isVisible()) await back.click();
    await page.getByRole('navigation', { name: 'Sections of the page' }).waitFor();
  }

  /** Waits until the draft on the server passes `check` (the editor saves a moment after typing). */
  async function draftWhere(page: Page, check: (content: SiteContent) => boolean) {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const state = (await (
        await page.context().request.get(`${suite.server.url}/api/site`)
      ).json()) as SiteEditorState;
      if (state.hasDraft && check(state.content)) {
        await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the draft was not saved');
  }

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: edit, preview, publish, restore, discard`, async () => {
      const { page, context, problems } = await editor(options);
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

  /** The sections the editor opens on, in the page's order, with their ids in the address. */
  const SECTIONS = [
    ['Hero', 'hero'],
    ['Deal', 'deal'],
    ['About', 'about'],
    ['Puppies', 'puppies'],
    ['Sold', 'sold'],
    ['Parents', 'parents'],
    ['Why choose', 'why'],
    ['Health', 'health'],
    ['Contact', 'contact'],
    ['Footer', 'footer'],
    ['Search and sharing', 'seo'],
  ] as const;

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: the editor opens on the page's sections; one section's fields at a time; the bar stays on screen`, async (t) => {
      const { page, problems } = await editor(options);
      const screen = options.viewport.height;
      await page.goto(`${suite.server.url}/admin/site`);
      const list = page.getByRole('navigation', { name: 'Sections of the page' });
      await list.waitFor();
      const lines = list.getByRole('button');
      assert.equal(await lines.count(), SECTIONS.length);
      for (const [i, [name]] of SECTIONS.entries()) {
        const [title, ...rest] = (await lines.nth(i).innerText()).split('\n');
        assert.equal(title, name);
        assert.ok(rest.join(' ').trim().length > 0, `${name} shows what it holds`);
      }
      // What each line says is what the page holds now (other tests of this suite publish too).
      const live = (
        (await (await page.context().request.get(`${suite.server.url}/api/site`)).json()) as SiteEditorState
      ).content;
      const second = async (i: number) => (await lines.nth(i).innerText()).split('\n')[1] ?? '';
      const slides = live.hero.slides.length;
      assert.equal(await second(0), `${live.hero.headline} · ${slides} ${slides === 1 ? 'slide' : 'slides'}`);
      const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;
      assert.ok(
        (await second(1)).startsWith(`${dollars(live.prices.single)} one, ${dollars(live.prices.pair)} two`),
        await second(1),
      );
      const parent = (p: typeof live.parents.mother) => p?.name ?? 'not added';
      assert.equal(
        await second(5),
        `Mother: ${parent(live.parents.mother)} · Father: ${parent(live.parents.father)}`,
      );
      assert.equal(
        await page.locator('fieldset[id^="group-"]').count(),
        0,
        'no field before she picks a section',
      );
      assert.equal(await page.getByRole('button', { name: 'Publish' }).isVisible(), true);
      await assertNoViolations(page, `/admin/site, the sections (${width})`);
      t.diagnostic(
        `list: ${await page.evaluate(() => document.documentElement.scrollHeight)} px, screen ${screen} px`,
      );

      const bar = page.getByTestId('site-bar');
      for (const [name, id] of SECTIONS) {
        await section(page, name);
        assert.equal(new URL(page.url()).hash, `#${id}`);
        assert.equal(await page.locator('fieldset[id^="group-"]').count(), 1, `only ${name}'s fields`);
        await page.waitForFunction((gid) => document.activeElement?.id === gid, `group-${id}`);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        t.diagnostic(`${name}: ${height} px (${(height / screen).toFixed(2)} screens)`);
        if (width === 'phone')
          assert.ok(height <= 3 * screen, `${name} is ${height} px at 390 px: more than three screens`);
        // The bar with the draft's state, Preview and Publish, on screen at the top and the end.
        for (const y of [0, height]) {
          await page.evaluate((to) => window.scrollTo(0, to), y);
          const box = await bar.boundingBox();
          assert.ok(box && box.y >= 0 && box.y + box.height <= screen + 1, `${name}: the bar is on screen`);
          if (y === 0 && height > screen * 1.2)
            assert.ok(box && box.y + box.height >= screen - 2, `${name}: the bar is at the bottom`);
        }
        await assertNoViolations(page, `/admin/site#${id} (${width})`);
      }

      // A slide or a card shows its fields once opened.
      await section(page, 'Why choose');
      assert.equal(await page.getByLabel('Card 2 title').count(), 0);
      await expand(page, 'Card 2');
      await page.getByLabel('Card 2 title').waitFor();
      assert.equal(await page.getByLabel('Card 3 title').count(), 0);
      await assertNoViolations(page, `/admin/site#why, a card open (${width})`);
      await page.getByRole('button', { name: /^Card 2(?!\d)/, expanded: true }).click();
      assert.equal(await page.getByLabel('Card 2 title').count(), 0);
      await section(page, 'Search and sharing');

      // The phone's Back returns to the list, on the section she came from.
      await page.goBack();
      await list.waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'section-seo');
      assert.equal(new URL(page.url()).hash, '');

      // A field with an error marks its section in the list; the summary follows the draft.
      await section(page, 'Deal');
      await page.getByLabel('Deal heading').fill('');
      await page.getByRole('status').filter({ hasText: 'Not saved: check the highlighted fields' }).waitFor();
      await section(page, 'Hero');
      await page.getByLabel('Headline', { exact: true }).fill(`A ${width} headline for the list`);
      await page.getByRole('button', { name: 'All sections' }).click();
      await list.waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'section-hero');
      assert.match(await lines.nth(0).innerText(), new RegExp(`A ${width} headline for the list`));
      assert.match(await lines.nth(1).innerText(), /Check the highlighted fields/);
      assert.doesNotMatch(await lines.nth(0).innerText(), /Check the highlighted fields/);
      await assertNoViolations(page, `/admin/site, a section needing attention (${width})`);
      await section(page, 'Deal');
      await page.getByLabel('Deal heading').fill('AMAZING PUPPY DEAL');
      await draftWhere(page, (c) => c.deal.heading === 'AMAZING PUPPY DEAL');
      // A reload stays in the section.
      await page.reload();
      await page.getByRole('group', { name: 'Deal', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await page.getByRole('status').filter({ hasText: 'No draft: this is what is live' }).waitFor();
      assert.deepEqual(problems, []);
    });
  }

  test('a stale tab: its change is refused with a message to reload, never a silent overwrite', async () => {
    const { page, context } = await editor(viewports.desktop);
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
    const { page, context } = await editor(viewports.desktop);
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
    const { page, context } = await editor({ ...viewports.phone, viewport: { width: 360, height: 800 } });
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
    const { page } = await editor(viewports.desktop);
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
