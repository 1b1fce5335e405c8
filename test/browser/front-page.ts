import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * Headless Chromium draws only the front page of the browser at full speed: a page behind it gets
 * one or two frames a second, and Playwright waits for two frames (the element "stable") before a
 * click, a fill or a check. A test that opened a second page (the live page beside the site editor,
 * a family's page beside her dashboard) and went on in the first paid 1–2 s per action: 40 of the
 * 60 s of the site editor's phone test (issue 31, measured with DEBUG=pw:api). A person looks at
 * the tab they type in, so before an action the page acted on is brought to the front, once per
 * switch. (Chromium's --disable-frame-rate-limit removed the wait too, but then every idle page
 * drew 60 frames a second: about 0.1 of a core each, measured, with dozens open per file.)
 */
let front: Page | undefined;

async function toFront(page: Page) {
  if (front === page || page.isClosed()) return;
  front = page;
  await page.bringToFront();
}

/** The actions that wait for the element to be stable, on a locator and on a page. */
const LOCATOR_ACTIONS = [
  'check',
  'clear',
  'click',
  'dblclick',
  'dragTo',
  'fill',
  'focus',
  'hover',
  'press',
  'pressSequentially',
  'scrollIntoViewIfNeeded',
  'selectOption',
  'selectText',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;
const PAGE_ACTIONS = [
  'check',
  'click',
  'dblclick',
  'dragAndDrop',
  'fill',
  'focus',
  'hover',
  'press',
  'selectOption',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;

const patched = new WeakSet<object>();

function wrap(prototype: Record<string, unknown>, names: readonly string[], pageOf: (self: never) => Page) {
  if (patched.has(prototype)) return;
  patched.add(prototype);
  for (const name of names) {
    const original = prototype[name];
    if (typeof original !== 'function') continue;
    prototype[name] = async function (this: never, ...args: unknown[]) {
      await toFront(pageOf(this));
      return original.apply(this, args);
    };
  }
}

/** From now on, every page this context opens is the front one, and actions bring theirs to it. */
export function actOnTheFrontPage(context: BrowserContext, page: Page): void {
  front = page;
  context.on('page', (opened) => {
    front = opened;
  });
  wrap(Object.getPrototypeOf(page.locator('html')), LOCATOR_ACTIONS, (self: Locator) => self.page());
  wrap(Object.getPrototypeOf(page), PAGE_ACTIONS, (self: Page) => self);
}
