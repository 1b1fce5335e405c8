/**
 * The Nu HTML Checker (vnu.jar, run with the machine's Java) over the HTML the built server sends
 * for every page: zero errors. The screens only the browser builds (the dashboard's table, the
 * dialogs) are checked too, as Chromium's DOM serialised after hydration. Everything goes to one
 * checker run, as the JVM start costs a second; warnings are printed but do not fail.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ADMIN, createAdmin, PASSWORD, signIn } from '../helpers/admin';
import { postForm, postInquiry } from '../helpers/inquiries';
import { type RunningServer, startServer } from '../helpers/server';
import { type Browser, launchBrowser, openPage, type Page, waitForHydration } from './helpers';

const JAVA = process.env.JAVA ?? 'java';
const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

interface ServedPage {
  file: string;
  label: string;
  status: number;
  fetch: (url: string, cookie: string) => Promise<Response>;
}

/** Every server-rendered page, with the status it must come with (so an error page is not checked by mistake). */
const pages: ServedPage[] = [
  { file: 'landing', label: '/', status: 200, fetch: (url) => fetch(`${url}/`) },
  {
    file: 'inquiry-sent',
    label: '/?inquiry=sent (the Thank You panel, scripts off)',
    status: 200,
    fetch: (url) => fetch(`${url}/?inquiry=sent`),
  },
  {
    file: 'form-invalid',
    label: 'POST / with invalid fields (the form with its messages, scripts off)',
    status: 400,
    fetch: (url) =>
      postForm(url, {
        name: 'J',
        email: 'not-an-email',
        phone: '',
        puppy: 'Daisy',
        message: 'Too short',
      }),
  },
  { file: 'admin-login', label: '/admin/login', status: 200, fetch: (url) => fetch(`${url}/admin/login`) },
  {
    file: 'admin',
    label: '/admin (signed in)',
    status: 200,
    fetch: (url, cookie) => fetch(`${url}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' }),
  },
  { file: 'not-found', label: 'the 404 page', status: 404, fetch: (url) => fetch(`${url}/no-such-page`) },
];

interface Screen {
  file: string;
  label: string;
  signedIn?: boolean;
  /** Opens the screen and waits until it shows what is to be checked. */
  show: (page: Page, url: string) => Promise<void>;
}

/** Markup that exists only after hydration: what React builds in the browser. */
const screens: Screen[] = [
  {
    file: 'dom-admin-table',
    label: '/admin with inquiries in the table (browser DOM)',
    signedIn: true,
    async show(page, url) {
      await page.goto(`${url}/admin`);
      await page.getByRole('button', { name: 'View Details', exact: true }).first().waitFor();
    },
  },
  {
    file: 'dom-admin-details',
    label: '/admin with the details dialog open (browser DOM)',
    signedIn: true,
    async show(page, url) {
      await page.goto(`${url}/admin`);
      await page.getByRole('button', { name: 'View Details', exact: true }).first().click();
      await page.getByRole('dialog', { name: 'Inquiry Details' }).getByText('Puppy of interest').waitFor();
    },
  },
  {
    file: 'dom-lightbox',
    label: '/ with the lightbox open (browser DOM)',
    async show(page, url) {
      await page.goto(`${url}/`);
      const photo = page.locator('#puppies').getByRole('button', { name: /Daisy/ }).first();
      // The click counts once React has attached its handlers.
      await waitForHydration(page);
      await photo.click();
      await page.getByRole('dialog', { name: 'Daisy Photo' }).getByText('1 / 2 Photos').waitFor();
    },
  },
];

/** A document with a known error: proves the checker ran and its report is read. */
const CONTROL = {
  file: 'control',
  html: '<!DOCTYPE html><html lang="en"><head></head><body><p></body></html>',
};

/** Fails, never skips, without Java: the checker is part of `npm test`. */
function requireJava() {
  const probe = spawnSync(JAVA, ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `Java not found (${JAVA}): the Nu HTML Checker needs it; install it with \`apt-get install -y default-jre-headless\``,
    );
  }
  if (!existsSync(VNU_JAR))
    throw new Error(`${VNU_JAR} is missing: run \`npm install\` (devDependency vnu-jar)`);
}

/** The screen's live DOM as a document, after `show` has brought it to the state to check. */
async function snapshot(browser: Browser, url: string, screen: Screen): Promise<string> {
  const { context, page, problems } = await openPage(browser);
  try {
    if (screen.signedIn) {
      const res = await context.request.post(`${url}/api/login`, {
        data: { username: ADMIN, password: PASSWORD },
      });
      assert.equal(res.status(), 200);
    }
    await screen.show(page, url);
    assert.deepEqual(problems, [], `${screen.label}: the page reported problems`);
    return await page.evaluate(() => `<!DOCTYPE html>${document.documentElement.outerHTML}`);
  } finally {
    await context.close();
  }
}

/** One vnu run over the files; its JSON report, whatever the verdict. */
function runVnu(files: string[]): Promise<VnuMessage[]> {
  const child = spawn(
    JAVA,
    ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', '--no-langdetect', ...files],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      try {
        resolve((JSON.parse(stdout) as { messages: VnuMessage[] }).messages);
      } catch {
        reject(new Error(`vnu exited with ${code} without a JSON report:\n${stdout}\n${stderr}`));
      }
    });
  });
}

const isError = (message: VnuMessage) => message.type !== 'info';
const isWarning = (message: VnuMessage) => message.type === 'info' && message.subType === 'warning';
const describeMessage = (message: VnuMessage) =>
  `  line ${message.lastLine}:${message.firstColumn} ${message.message}\n    ${(message.extract ?? '').replace(/\n/g, '⏎')}`;

describe('the Nu HTML Checker finds no error in any page', () => {
  let server: RunningServer;
  let browser: Browser;
  let dir: string;
  let messages: VnuMessage[] = [];
  const statuses = new Map<string, number>();

  before(async () => {
    requireJava();
    // One after the other, what can be missing first: a failed start leaves nothing running.
    browser = await launchBrowser();
    server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off', LOG_LEVEL: 'error' } });
    dir = await mkdtemp(path.join(tmpdir(), 'doodles-vnu-'));
    await createAdmin(server.dataDir, ADMIN, PASSWORD);
    const stored = await postInquiry(server.url, {
      name: 'Ann Example',
      email: 'ann@example.com',
      phone: '555-0100',
      puppy: 'Daisy',
      message: 'Hello there,\nis she still available?',
    });
    assert.equal(stored.status, 201);
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    const write = async (file: string, html: string) => {
      const target = path.join(dir, `${file}.html`);
      await writeFile(target, html);
      return target;
    };
    const files = await Promise.all([
      write(CONTROL.file, CONTROL.html),
      ...pages.map(async (page) => {
        const res = await page.fetch(server.url, cookie);
        statuses.set(page.file, res.status);
        return write(page.file, await res.text());
      }),
    ]);
    // One at a time: two cores are shared with the server and the other test files.
    for (const screen of screens)
      files.push(await write(screen.file, await snapshot(browser, server.url, screen)));
    messages = await runVnu(files);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const messagesFor = (file: string) =>
    messages.filter((message) => message.url && decodeURI(message.url).endsWith(`/${file}.html`));

  test('the checker ran and reports errors (a broken control document fails)', () => {
    assert.ok(messagesFor(CONTROL.file).some(isError), JSON.stringify(messages, null, 2));
    const unattributed = messages.filter((message) => message.type === 'non-document-error');
    assert.deepEqual(unattributed, [], 'the checker could not read some file');
  });

  const assertValid = (file: string, label: string) => {
    const found = messagesFor(file);
    const warnings = found.filter(isWarning);
    if (warnings.length)
      console.log(`vnu warnings on ${label}:\n${warnings.map(describeMessage).join('\n')}`);
    const errors = found.filter(isError);
    assert.equal(
      errors.length,
      0,
      `vnu found ${errors.length} error(s) in ${label}:\n${errors.map(describeMessage).join('\n')}`,
    );
  };

  for (const page of pages) {
    test(`${page.label}: valid HTML`, () => {
      assert.equal(statuses.get(page.file), page.status, `${page.label} answered another status`);
      assertValid(page.file, page.label);
    });
  }

  for (const screen of screens) {
    test(`${screen.label}: valid HTML`, () => assertValid(screen.file, screen.label));
  }
});
