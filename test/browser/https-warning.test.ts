import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ADMIN, createAdmin, PASSWORD } from '../helpers/admin';
import { type ChallengeDns, freePort, type Pebble, startChallengeDns, startPebble } from '../helpers/pebble';
import { type RunningServer, startServer } from '../helpers/server';
import { until } from '../helpers/until';
import { type Browser, launchBrowser, openPage, viewports, waitForHydration } from './helpers';

/**
 * The dashboard's HTTPS warning (issue 31, decision 122), in Chromium: a site with DOMAIN gets a
 * 15-second certificate from pebble, then pebble refuses the domain, so the renewal fails within
 * 14 days of expiry. The browser ignores certificate errors (the certificate is pebble's, and soon
 * expired); what is checked is what the breeder sees.
 */

const DOMAIN = 'shop.test';

let dns: ChallengeDns;
let issuing: Pebble;
let refusing: Pebble | undefined;
let server: RunningServer;
let browser: Browser;
let dataDir: string;
let httpsPort: number;

before(async () => {
  browser = await launchBrowser();
  dns = await startChallengeDns();
  const httpPort = await freePort();
  httpsPort = await freePort();
  issuing = await startPebble(dns, { httpPort, validitySeconds: 15 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-https-ui-'));
  server = await startServer({
    dataDir,
    env: {
      DOMAIN,
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      ACME_DIRECTORY_URL: issuing.directoryUrl,
      NODE_EXTRA_CA_CERTS: issuing.pebbleCaFile,
    },
  });
  await createAdmin(dataDir, ADMIN, PASSWORD);
  await until(() => /listening on https/.test(server.output()), 'the first certificate', 15_000);
  await issuing.stop();
  refusing = await startPebble(dns, {
    httpPort,
    validitySeconds: 15,
    blocklist: [DOMAIN],
    ports: issuing.ports,
  });
  await until(
    () => /"event":"https certificate not obtained"/.test(server.output()),
    'the refused renewal',
    20_000,
  );
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await refusing?.stop();
  await issuing?.stop();
  await dns?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the dashboard warns when the certificate could not be renewed', { timeout: 90_000 }, () => {
  for (const [name, viewport] of Object.entries(viewports))
    test(`the alert, its reason and next try, at ${name} width`, async () => {
      const { context, page, problems } = await openPage(browser, { ...viewport, ignoreHTTPSErrors: true });
      const origin = `https://127.0.0.1:${httpsPort}`;
      const res = await context.request.post(`${origin}/api/login`, {
        data: { username: ADMIN, password: PASSWORD },
      });
      assert.equal(res.status(), 200);
      await page.goto(`${origin}/admin`);
      await waitForHydration(page);
      const alert = page.getByTestId('certificate-alert');
      await alert.waitFor({ timeout: 10_000 });
      const text = await alert.innerText();
      assert.match(text, /The site's HTTPS certificate could not be renewed/);
      assert.match(text, /It expires .+\. Until then the site works as usual/);
      assert.match(text, /refuses to issue a certificate for shop\.test/);
      assert.match(text, /Next try: /);
      assert.equal(await alert.getAttribute('role'), 'alert');
      const width = viewport.viewport.width;
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width, `the page scrolls to ${scrollWidth} px at ${width} px`);
      assert.deepEqual(problems, []);
      await context.close();
    });
});
