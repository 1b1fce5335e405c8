/**
 * The landing page in headless Chromium at a phone and a desktop viewport: navigation, the mobile
 * menu, the slideshow (on Playwright's fake clock, never real 5 s waits), the lightbox, the inquire
 * actions, the hash on load, the grids, and the page with scripts off.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, BrowserContextOptions, Locator } from 'playwright-core';
import { NO_PREFERENCE, SLIDE_INTERVAL_MS } from '../src/shared/content';
import { type Browser, launchBrowser, openPage, type Page, viewports } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';

let server: RunningServer;
let browser: Browser;

before(async () => {
  // Chromium first: if it is missing, no server is left running to hold the test process open.
  browser = await launchBrowser();
  server = await startServer();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

declare global {
  interface Window {
    __effectsRan?: boolean;
    __scrolls?: { id: string; behavior?: string }[];
  }
}

/**
 * Records smooth-scroll requests, and notes when the page's effects have run (the slideshow
 * subscribes to prefers-reduced-motion in one), so a test never acts on a page still hydrating.
 */
function instrument() {
  window.__scrolls = [];
  const scrollIntoView = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
    window.__scrolls?.push({ id: this.id, behavior: typeof arg === 'object' ? arg.behavior : undefined });
    return scrollIntoView.call(this, arg);
  };
  const listen = MediaQueryList.prototype.addEventListener;
  MediaQueryList.prototype.addEventListener = function (this: MediaQueryList, ...args: unknown[]) {
    window.__effectsRan = true;
    return (listen as (...a: unknown[]) => void).apply(this, args);
  } as typeof listen;
}

async function open(options: BrowserContextOptions, setup?: (page: Page) => Promise<void>) {
  const opened = await openPage(browser, options);
  await opened.page.addInitScript(instrument);
  await setup?.(opened.page);
  return opened;
}

async function load(page: Page, path = '/') {
  await page.goto('about:blank');
  await page.goto(`${server.url}${path}`);
  await page.waitForFunction(() => window.__effectsRan === true, undefined, { timeout: 10_000 });
}

/**
 * Waits until the element's top rests where a scroll to it ends (its scroll margin below the sticky
 * header), or the page bottom stopped it. Polled from here: a page with scripts off cannot poll.
 */
async function waitUntilScrolledTo(page: Page, id: string) {
  const deadline = Date.now() + 10_000;
  let where: number[] = [];
  while (Date.now() < deadline) {
    where = await page.evaluate((target) => {
      const el = document.getElementById(target);
      if (!el) return [];
      const bottom = document.documentElement.scrollHeight - Math.ceil(window.scrollY + window.innerHeight);
      return [
        el.getBoundingClientRect().top,
        Number.parseFloat(getComputedStyle(el).scrollMarginTop),
        bottom,
        window.innerHeight,
      ];
    }, id);
    const [top = Number.NaN, margin = 0, bottom = 1, height = 0] = where;
    if (Math.abs(top - margin) <= 2 || (bottom <= 1 && top >= 0 && top < height)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`#${id} did not scroll into place: top, margin, distance to bottom = ${where}`);
}

const scrollTopNow = (page: Page) => page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
const lastScroll = (page: Page) => page.evaluate(() => window.__scrolls?.at(-1));
const sectionTop = (page: Page, id: string) =>
  page.evaluate((target) => document.getElementById(target)?.getBoundingClientRect().top ?? Number.NaN, id);

const navTargets = [
  ['About', 'about'],
  ['Meet the Puppies', 'puppies'],
  ['Why Choose Us', 'why-choose'],
  ['Inquire Now', 'contact'],
] as const;

for (const [name, viewport] of Object.entries(viewports)) {
  const phone = name === 'phone';

  /** A photo's built files are named after its id: /img/daisy-1-800-<hash>.jpg */
  const photoFile = (id: string) => new RegExp(`/img/${id}-\\d+-[0-9a-f]+\\.jpg$`);

  describe(`the landing page on a ${name}`, () => {
    let context: BrowserContext;
    let page: Page;
    let problems: string[];
    before(async () => {
      ({ context, page, problems } = await open(viewport));
      await load(page);
    });
    after(async () => {
      await context.close();
    });

    const menu = () => page.locator('#site-menu');
    const toggle = () => page.getByRole('button', { name: 'Toggle mobile menu' });

    test('each nav item smooth-scrolls to its section', async () => {
      assert.equal(await toggle().isVisible(), phone, 'the toggle shows on phones only');
      await scrollTopNow(page);
      for (const [label, id] of navTargets) {
        if (phone) {
          assert.equal(await menu().isVisible(), false, 'menu closed');
          assert.equal(await toggle().getAttribute('aria-expanded'), 'false');
          await toggle().click();
          assert.equal(await toggle().getAttribute('aria-expanded'), 'true');
          assert.equal(await menu().isVisible(), true, 'menu open');
        }
        await menu().getByRole('link', { name: label, exact: true }).click();
        await waitUntilScrolledTo(page, id);
        assert.deepEqual(await lastScroll(page), { id, behavior: 'smooth' });
        if (phone) {
          assert.equal(await toggle().getAttribute('aria-expanded'), 'false', `${label} closed the menu`);
          assert.equal(await menu().isVisible(), false);
        }
      }
    });

    if (phone) {
      test('the toggle shows and hides the four items as a vertical list; Escape closes it', async () => {
        await scrollTopNow(page);
        await toggle().click();
        const boxes = await Promise.all(
          navTargets.map(([label]) => menu().getByRole('link', { name: label, exact: true }).boundingBox()),
        );
        for (let i = 1; i < boxes.length; i++)
          assert.ok((boxes[i]?.y ?? 0) > (boxes[i - 1]?.y ?? 0), 'each item below the previous one');
        await toggle().click();
        assert.equal(await menu().isVisible(), false);
        await toggle().click();
        await page.keyboard.press('Escape');
        assert.equal(await menu().isVisible(), false);
        assert.equal(await toggle().getAttribute('aria-expanded'), 'false');
      });

      test('a nav item whose section is missing neither scrolls nor closes the menu', async () => {
        await scrollTopNow(page);
        await page.evaluate(() => document.getElementById('why-choose')?.removeAttribute('id'));
        await toggle().click();
        await menu().getByRole('link', { name: 'Why Choose Us' }).click();
        assert.equal(await toggle().getAttribute('aria-expanded'), 'true', 'menu stays open');
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'no scroll');
        assert.equal(page.url(), `${server.url}/`, 'no jump either');
        await load(page);
      });
    }

    test('footer quick links smooth-scroll to their sections', async () => {
      for (const [label, id] of [
        ['About', 'about'],
        ['Meet the Puppies', 'puppies'],
        ['Why Choose Us', 'why-choose'],
        ['Contact', 'contact'],
      ] as const) {
        await page.locator('footer nav').getByRole('link', { name: label }).click();
        await waitUntilScrolledTo(page, id);
        assert.deepEqual(await lastScroll(page), { id, behavior: 'smooth' });
      }
    });

    test('every inquire action preselects the dropdown and scrolls to the form', async () => {
      const select = page.locator('#contact-puppy');
      const cases: [string, Locator, string][] = [
        [
          'hero Inquire Now',
          page.locator('section[aria-labelledby="hero-headline"]').getByRole('link', { name: 'Inquire Now' }),
          NO_PREFERENCE,
        ],
        ['deal button', page.getByRole('link', { name: 'Claim This Special Offer Now!' }), NO_PREFERENCE],
        ['Daisy card', page.getByRole('link', { name: 'Inquire About Daisy' }), 'Daisy'],
        ['Luna card', page.getByRole('link', { name: 'Inquire About Luna' }), 'Luna'],
        [
          'limited availability',
          page.locator('#puppies aside').getByRole('link', { name: 'Inquire Now' }),
          NO_PREFERENCE,
        ],
      ];
      for (const [label, action, expected] of cases) {
        // Start from a different choice, so the action has to change it.
        await select.selectOption(expected === NO_PREFERENCE ? 'Luna' : NO_PREFERENCE);
        await action.scrollIntoViewIfNeeded();
        assert.ok(
          (await sectionTop(page, 'contact')) > viewport.viewport.height,
          `${label}: form out of view`,
        );
        await action.click();
        await waitUntilScrolledTo(page, 'contact');
        assert.equal(await select.inputValue(), expected, label);
        assert.deepEqual(await lastScroll(page), { id: 'contact', behavior: 'smooth' }, label);
      }
      assert.equal(
        await page.evaluate(() => document.activeElement?.id),
        'contact',
        'keyboard focus moved to the form section',
      );
    });

    test('the lightbox: open, arrows wrap both ways, counter, focus kept inside, scroll locked', async () => {
      await scrollTopNow(page);
      const opener = page.getByRole('button', { name: 'Enlarge photo of Daisy' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Daisy Photo' });
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('aria-modal'), 'true');
      const counter = dialog.getByText(/Photos$/);
      const photo = dialog.locator('img');
      assert.equal(await counter.textContent(), '1 / 2 Photos');
      assert.match((await photo.getAttribute('src')) ?? '', photoFile('daisy-1'));
      assert.ok(
        await page.evaluate(() =>
          document.querySelector('[role="dialog"]')?.contains(document.activeElement),
        ),
      );
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden');
      const maxHeight = await photo.evaluate((img) => getComputedStyle(img).maxHeight);
      assert.ok(Math.abs(Number.parseFloat(maxHeight) - viewport.viewport.height * 0.8) < 0.5, maxHeight);

      const next = dialog.getByRole('button', { name: 'Next photo' });
      const previous = dialog.getByRole('button', { name: 'Previous photo' });
      await next.click();
      assert.equal(await counter.textContent(), '2 / 2 Photos');
      assert.match((await photo.getAttribute('src')) ?? '', photoFile('daisy-2'));
      await next.click();
      assert.equal(await counter.textContent(), '1 / 2 Photos', 'next from the last wraps to the first');
      await previous.click();
      assert.equal(await counter.textContent(), '2 / 2 Photos', 'previous from the first wraps to the last');
      assert.match((await photo.getAttribute('src')) ?? '', photoFile('daisy-2'));

      for (let i = 0; i < 6; i++) {
        await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
        await page.keyboard.press('Tab');
        assert.ok(
          await page.evaluate(() =>
            document.querySelector('[role="dialog"]')?.contains(document.activeElement),
          ),
          'Tab stays inside the dialog',
        );
      }

      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
        'Enlarge photo of Daisy',
      );
      assert.notEqual(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden');
    });

    test('the lightbox closes on Escape and a plain overlay click, not on a right-click or ctrl-click', async () => {
      const opener = page.getByRole('button', { name: 'Enlarge photo of Luna' });
      const dialog = page.getByRole('dialog', { name: 'Luna Photo' });
      const returnedToOpener = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

      await opener.click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await returnedToOpener(), 'Enlarge photo of Luna');

      await opener.click();
      await dialog.waitFor();
      await page.mouse.click(4, 4, { button: 'right' });
      assert.equal(await dialog.isVisible(), true, 'a right-click outside keeps it open');
      await page.keyboard.down('Control');
      await page.mouse.click(4, 4);
      await page.keyboard.up('Control');
      assert.equal(await dialog.isVisible(), true, 'a ctrl-click outside keeps it open');
      await dialog.locator('img').click();
      assert.equal(await dialog.isVisible(), true, 'a click on the photo keeps it open');
      await page.keyboard.press('Tab');
      assert.ok(
        await page.evaluate(() =>
          document.querySelector('[role="dialog"]')?.contains(document.activeElement),
        ),
        'after those clicks, Tab is still inside the dialog',
      );
      await page.mouse.click(4, 4);
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await returnedToOpener(), 'Enlarge photo of Luna');
    });

    test('a sold puppy has one photo: no arrows and no counter', async () => {
      await page.getByRole('button', { name: 'Enlarge photo of Maple' }).click();
      const dialog = page.getByRole('dialog', { name: 'Maple Photo' });
      await dialog.waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Next photo' }).count(), 0);
      assert.equal(await dialog.getByRole('button', { name: 'Previous photo' }).count(), 0);
      assert.equal(await dialog.getByText(/Photos$/).count(), 0);
      assert.match((await dialog.locator('img').getAttribute('src')) ?? '', photoFile('sold-maple'));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    test('a hash in the address scrolls smoothly to that section on load', async () => {
      await load(page, '/#why-choose');
      await waitUntilScrolledTo(page, 'why-choose');
      assert.deepEqual(await lastScroll(page), { id: 'why-choose', behavior: 'smooth' });
      assert.ok((await sectionTop(page, 'why-choose')) < viewport.viewport.height / 2);
    });

    test('no console error or warning on the way', () => {
      assert.deepEqual(problems, []);
    });
  });
}

describe('the hero slideshow (fake clock)', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  before(async () => {
    ({ context, page, problems } = await open(viewports.desktop, (p) => p.clock.install()));
    await load(page);
  });
  after(async () => {
    await context.close();
  });

  const hero = () => page.locator('section[aria-labelledby="hero-headline"]');
  const shown = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[aria-roledescription="slide"]')].findIndex(
        (slide) => slide.getAttribute('aria-hidden') === 'false',
      ),
    );
  const currentDot = () =>
    page.evaluate(() => document.querySelector('button[aria-current="true"]')?.getAttribute('aria-label'));
  const waitForSlide = (index: number) =>
    page.waitForFunction(
      (i) =>
        document.querySelectorAll('[aria-roledescription="slide"]')[i]?.getAttribute('aria-hidden') ===
        'false',
      index,
      { timeout: 5_000, polling: 20 },
    );
  /** Mouse off the hero and focus out of it: nothing holds the show. */
  const leaveHero = async () => {
    await page.mouse.move(4, 4);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  };
  const button = (name: string) => hero().getByRole('button', { name, exact: true });

  test('arrows and dots change the slide, wrapping both ways; the fade lasts 1 s', async () => {
    assert.equal(await shown(), 0);
    assert.equal(await currentDot(), 'Go to slide 1');
    await button('Next slide').click();
    await waitForSlide(1);
    assert.equal(await currentDot(), 'Go to slide 2');
    await button('Previous slide').click();
    await waitForSlide(0);
    await button('Previous slide').click();
    await waitForSlide(2);
    await button('Next slide').click();
    await waitForSlide(0);
    await button('Go to slide 3').click();
    await waitForSlide(2);
    assert.equal(await currentDot(), 'Go to slide 3');
    await button('Go to slide 1').click();
    await waitForSlide(0);

    const fade = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('[aria-roledescription="slide"]') as Element);
      return [style.transitionProperty, style.transitionDuration];
    });
    assert.deepEqual(fade, ['opacity', '1s']);
  });

  test('it auto-advances every 5 seconds and wraps from the last slide to the first', async () => {
    await leaveHero();
    const start = await shown();
    await page.clock.runFor(SLIDE_INTERVAL_MS - 100);
    assert.equal(await shown(), start, 'not before 5 s');
    await page.clock.runFor(100);
    await waitForSlide((start + 1) % 3);
    await page.clock.runFor(SLIDE_INTERVAL_MS);
    await waitForSlide((start + 2) % 3);
    await page.clock.runFor(SLIDE_INTERVAL_MS);
    await waitForSlide(start);
  });

  test('it pauses while the mouse is over it', async () => {
    await leaveHero();
    const start = await shown();
    await hero().locator('h1').hover();
    await page.clock.runFor(SLIDE_INTERVAL_MS * 3);
    assert.equal(await shown(), start);
    await page.mouse.move(4, 4);
    await page.clock.runFor(SLIDE_INTERVAL_MS);
    await waitForSlide((start + 1) % 3);
  });

  test('it pauses while focus is inside it', async () => {
    await leaveHero();
    const start = await shown();
    await button('Next slide').focus();
    await page.clock.runFor(SLIDE_INTERVAL_MS * 3);
    assert.equal(await shown(), start);
    await leaveHero();
    await page.clock.runFor(SLIDE_INTERVAL_MS);
    await waitForSlide((start + 1) % 3);
  });

  test('the pause button stops it and the play button starts it again', async () => {
    await button('Pause slideshow').click();
    assert.equal(await button('Play slideshow').count(), 1, 'the button now offers to play');
    await leaveHero();
    const start = await shown();
    await page.clock.runFor(SLIDE_INTERVAL_MS * 3);
    assert.equal(await shown(), start);
    await button('Play slideshow').click();
    await leaveHero();
    await page.clock.runFor(SLIDE_INTERVAL_MS);
    await waitForSlide((start + 1) % 3);
    assert.equal(await button('Pause slideshow').count(), 1);
  });

  test('slide 0 is focused at 45% vertically and the hero is 80% of the viewport on desktop', async () => {
    const [position, height] = await page.evaluate(() => [
      getComputedStyle(document.querySelector('[aria-roledescription="slide"] img') as Element)
        .objectPosition,
      document.querySelector('section[aria-labelledby="hero-headline"]')?.getBoundingClientRect().height,
    ]);
    assert.equal(position, '50% 45%');
    assert.ok(Math.abs((height ?? 0) - viewports.desktop.viewport.height * 0.8) < 0.5, `${height}`);
  });

  test('no console error or warning', () => {
    assert.deepEqual(problems, []);
  });
});

test('with prefers-reduced-motion the slideshow does not advance until asked to play', async () => {
  const { context, page, problems } = await open({ ...viewports.phone, reducedMotion: 'reduce' }, (p) =>
    p.clock.install(),
  );
  try {
    await load(page);
    const play = page.getByRole('button', { name: 'Play slideshow' });
    await play.waitFor();
    await page.clock.runFor(SLIDE_INTERVAL_MS * 4);
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('[aria-roledescription="slide"]')].findIndex(
        (slide) => slide.getAttribute('aria-hidden') === 'false',
      ),
    );
    assert.equal(shown, 0);
    const height = await page.evaluate(
      () =>
        document.querySelector('section[aria-labelledby="hero-headline"]')?.getBoundingClientRect().height,
    );
    assert.ok(
      Math.abs((height ?? 0) - viewports.phone.viewport.height * 0.7) < 0.5,
      `70vh on a phone: ${height}`,
    );
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('grid columns: puppies 1 / 2 / 4 and sold puppies 1 / 2 / 3 at phone, tablet and desktop widths', async () => {
  const { context, page, problems } = await open(viewports.desktop);
  try {
    await load(page);
    const columns = () =>
      page.evaluate(() =>
        ['#puppies', '#sold-puppies'].map((section) => {
          const grid = document.querySelector(`${section} article`)?.parentElement;
          return grid ? getComputedStyle(grid).gridTemplateColumns.split(' ').length : 0;
        }),
      );
    const expected: [number, number[]][] = [
      [390, [1, 1]],
      [800, [2, 2]],
      [1280, [4, 3]],
    ];
    for (const [width, counts] of expected) {
      await page.setViewportSize({ width, height: 900 });
      assert.deepEqual(await columns(), counts, `at ${width}px`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('with scripts off the whole page reads and the nav and footer links still move to their sections', async () => {
  const { context, page } = await openPage(browser, { ...viewports.phone, javaScriptEnabled: false });
  try {
    await page.goto(`${server.url}/`);
    for (const heading of await page.locator('h1, h2, h3').all())
      assert.equal(await heading.isVisible(), true, `${await heading.textContent()} is visible`);
    assert.equal(await page.getByRole('button', { name: 'Toggle mobile menu' }).isVisible(), false);
    assert.equal(
      await page.getByRole('button', { name: 'Next slide' }).isVisible(),
      false,
      'inert controls hidden',
    );
    const menu = page.locator('#site-menu');
    assert.equal(await menu.isVisible(), true, 'the nav list is shown without the toggle');

    await menu.getByRole('link', { name: 'Why Choose Us' }).click();
    await page.waitForURL(/#why-choose$/);
    await waitUntilScrolledTo(page, 'why-choose');
    await page.locator('footer nav').getByRole('link', { name: 'About' }).click();
    await page.waitForURL(/#about$/);
    await waitUntilScrolledTo(page, 'about');
    await page.getByRole('link', { name: 'Inquire About Daisy' }).click();
    await page.waitForURL(/#contact$/);
    await waitUntilScrolledTo(page, 'contact');
  } finally {
    await context.close();
  }
});
