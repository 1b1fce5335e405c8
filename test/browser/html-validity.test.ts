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
  {
    file: 'family-page',
    label: "/family/{token} (a family's page, reserved, with payments and go-home day)",
    status: 200,
    fetch: async (url, cookie) => fetch((await familyLink(url, cookie, true)).link),
  },
  {
    file: 'family-question-invalid',
    label: "POST /family/{token}/questions empty (the family's page with its message)",
    status: 400,
    fetch: async (url, cookie) =>
      fetch(`${(await familyLink(url, cookie, false)).link}/questions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'question=',
      }),
  },
  {
    file: 'family-link-ended',
    label: 'an old family link (410, no longer active)',
    status: 410,
    fetch: async (url, cookie) => {
      const { link, inquiryId } = await familyLink(url, cookie, false);
      await adminPost(url, cookie, `/api/inquiries/${inquiryId}/family-link`, {});
      return fetch(link);
    },
  },
];

const adminPost = (url: string, cookie: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A family's page link (issue 28): a new family, and with `reserved` a puppy, a payment and go-home day. */
async function familyLink(url: string, cookie: string, reserved: boolean) {
  // Each page its own family: the pages are fetched at the same time.
  const label = Math.random().toString(36).slice(2, 8);
  const posted = await postInquiry(url, {
    name: `Val Family ${label}`,
    email: `val-${label}@example.com`,
    // Named, so the details dialog the screens open on the newest inquiry has "Puppy of interest".
    puppy: 'Daisy',
    message: `Hello, we would love to hear about your puppies (${label})`,
  });
  const familyInquiry = ((await posted.json()) as { id: string }).id;
  if (reserved) {
    const list = (await (await fetch(`${url}/api/puppies`, { headers: { Cookie: cookie } })).json()) as {
      puppies: { id: string; name: string }[];
    };
    const luna = list.puppies.find((puppy) => puppy.name === 'Luna');
    const held = await adminPost(url, cookie, `/api/inquiries/${familyInquiry}/reservation`, {
      puppyId: luna?.id,
      deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' },
    });
    if (held.status !== 200) throw new Error(`reserve: ${held.status} ${await held.text()}`);
    const answer = await fetch(`${url}/api/inquiries/${familyInquiry}/family`, {
      headers: { Cookie: cookie },
    });
    const state = (await answer.clone().json()) as { money: { reservationId: string } | null };
    if (!state.money) throw new Error(`family: ${answer.status} ${await answer.text()}`);
    await fetch(`${url}/api/reservations/${state.money.reservationId}/go-home`, {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ date: '2026-12-12', time: '10:30', place: 'The farm', note: 'Bring a crate' }),
    });
  }
  const made = (await (
    await adminPost(url, cookie, `/api/inquiries/${familyInquiry}/family-link`, {})
  ).json()) as {
    url: string;
  };
  return { link: made.url, inquiryId: familyInquiry };
}

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
