import { existsSync } from 'node:fs';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/audit/chromium';

export { CHROMIUM };

/** Browser tests fail, never skip, when Chromium is missing: `npm test` needs it (see README). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\``);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

export const viewports = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
} satisfies Record<string, BrowserContextOptions>;

/**
 * Opens a page that records console errors and warnings, page errors and CSP violations; tests
 * assert `problems` is empty at the end.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = viewports.desktop) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // A 404 page's own status is reported as a failed load: that one is expected.
    if (message.text().includes('status of 404') && message.location().url === page.url()) return;
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

export type { Browser, Page };
