/**
 * The inbox at 10,000 inquiries (issue 11): the dashboard's first view in Chromium (navigation
 * to the first row on screen), the bytes its data costs on the wire, and how fast a search
 * answers. Seeds inquiries.json before the server starts. Targets: first row within 1 s, data
 * under 100 KB, a search within 300 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { createAdmin, signIn } from '../../test/helpers/admin';
import { manyInquiries, writeInquiriesFile } from '../../test/helpers/seed';
import { type RunningServer, startServer } from '../../test/helpers/server';
import { CHROMIUM, CHROMIUM_FLAGS } from '../audit/chromium';
import { median } from './stats';

const STORED = 10_000;
const VIEWS = 5;
const SEARCHES = ['zoe', 'garcia 12', '555-01', 'fenced yard', 'flagstaff saturday', 'no-such-family'];
const SEARCH_ROUNDS = 5;
const ADMIN = 'bench@example.com';
const PASSWORD = 'mesquite lantern 4821 ridge';

export interface InboxFigure {
  measure: string;
  value: string;
  target: string;
  met: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** One first view in a fresh browser context (empty cache), as on a phone opening the page. */
async function firstView(browser: Browser, server: RunningServer) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const res = await context.request.post(`${server.url}/api/login`, {
      data: { username: ADMIN, password: PASSWORD },
    });
    if (res.status() !== 200) throw new Error(`bench sign-in failed: ${res.status()}`);
    const page = await context.newPage();
    // The time the first row is added, by the page's own clock (0 = navigation start).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('tbody tr')) {
          (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const api: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/'))
        api.push(request.sizes().then((size) => size.responseBodySize + size.responseHeadersSize));
    });
    await page.goto(`${server.url}/admin`);
    await page.locator('tbody tr').first().waitFor();
    const firstRowAt = await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt);
    const apiBytes = (await Promise.all(api)).reduce((sum, bytes) => sum + bytes, 0);
    return { firstRowAt, apiBytes };
  } finally {
    await context.close();
  }
}

/** A search as the dashboard sends it (brotli accepted), timed from request to the whole answer. */
async function searchTimes(server: RunningServer, cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < SEARCH_ROUNDS; round += 1) {
    for (const q of SEARCHES) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/inbox?q=${encodeURIComponent(q)}`, {
        headers: { Cookie: cookie, 'Accept-Encoding': 'br' },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`search "${q}" answered ${res.status}`);
      times.push(performance.now() - started);
    }
  }
  return times;
}

/** The whole list as the spec's plain GET /api/inquiries sends it, raw bytes on the wire. */
function fullListBytes(server: RunningServer, cookie: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(
      `${server.url}/api/inquiries`,
      { headers: { Cookie: cookie, 'Accept-Encoding': encoding } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      },
    )
      .on('error', reject)
      .end();
  });
}

export async function benchInbox(): Promise<InboxFigure[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-bench-inbox-'));
  await writeInquiriesFile(dataDir, manyInquiries(STORED));
  await createAdmin(dataDir, ADMIN, PASSWORD);
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'error' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  try {
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    await firstView(browser, server); // warms the server's file and page caches, as any running server has
    const views = [];
    for (let i = 0; i < VIEWS; i += 1) views.push(await firstView(browser, server));
    const firstRow = median(views.map((view) => view.firstRowAt));
    const apiBytes = Math.max(...views.map((view) => view.apiBytes));
    const searches = await searchTimes(server, cookie);
    const searchMedian = median(searches);
    const searchWorst = Math.max(...searches);
    const plain = await fullListBytes(server, cookie, 'identity');
    const brotli = await fullListBytes(server, cookie, 'br');
    return [
      {
        measure: `first view at ${STORED.toLocaleString('en-US')} stored: navigation → first row (median of ${VIEWS}, fresh context, 390 px)`,
        value: `${ms(firstRow)} (${views.map((view) => view.firstRowAt.toFixed(0)).join(', ')})`,
        target: '≤ 1000 ms',
        met: firstRow <= 1000,
      },
      {
        measure: 'its data on the wire (every /api answer: headers + brotli body)',
        value: kb(apiBytes),
        target: '< 100 KB',
        met: apiBytes < 100 * 1024,
      },
      {
        measure: `a search, request → whole answer (${searches.length}: ${SEARCHES.length} queries × ${SEARCH_ROUNDS})`,
        value: `median ${ms(searchMedian)}, worst ${ms(searchWorst)}`,
        target: '≤ 300 ms',
        met: searchWorst <= 300,
      },
      {
        measure: 'for comparison: the full GET /api/inquiries (spec section 7), plain / brotli',
        value: `${kb(plain)} / ${kb(brotli)}`,
        target: '',
        met: true,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printInboxFigures(figures: InboxFigure[]): void {
  console.log('\nInbox at 10,000 inquiries (Chromium, this machine):');
  for (const figure of figures)
    console.log(
      `  ${figure.met ? 'ok  ' : 'MISS'} ${figure.measure}: ${figure.value}${figure.target ? ` (target ${figure.target})` : ''}`,
    );
}
