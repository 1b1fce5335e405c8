/**
 * The hero slideshow in headless Chromium, on Playwright's fake clock (never real 5 s waits):
 * arrows, dots, auto-advance, the pauses, reduced motion, and the hero's size.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SLIDE_INTERVAL_MS } from '../../src/features/site/page/hero/slide-timing';
import { type BrowserContext, landingSuite, type Page, viewports } from './helpers';

const { open, load } = landingSuite();

describe('the hero slideshow (fake clock)', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  before(async () => {
    ({ context, page, problems } = await open(viewports.desktop, (p) => p.clock.install()));
    await load(page);
    // Playwright's fake clock moves with real time until it is paused, so on a busy machine a
    // timer could fire during the test's own steps, before the runFor meant to fire it. It runs
    // while the page loads (the app loads after the first paint, which the fake clock hides, or
    // after a 3 s timer), then is paused a minute ahead with the mouse on the hero, so that jump
    // changes no slide: from here on only runFor moves it.
    await hero().hover();
    await page.clock.pauseAt(Date.now() + 60_000);
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
