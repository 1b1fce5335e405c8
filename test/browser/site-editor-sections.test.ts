/**
 * The site editor's layout (issue 32) in a real Chromium, at phone and desktop widths: it opens on
 * the list of the page's sections, each line saying what the section holds; one section's fields
 * at a time (slides and cards opened one by one), at most three screens tall at 390 px, with the
 * bar at the bottom; Back returns to the list; a field with an error marks its section. axe on
 * each state.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SiteEditorState } from '../../src/features/site/site-api';
import { assertNoViolations, browserSuite, viewports } from './helpers';
import { draftWhere, expand, section } from './site-editor-helpers';

describe('the site editor in a browser: its sections', () => {
  const suite = browserSuite({ admin: true });

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
      const { page, problems } = await suite.openSignedIn(options);
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
});
