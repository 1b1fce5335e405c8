/**
 * Passkeys in headless Chromium through its DevTools virtual authenticator (CDP WebAuthn domain):
 * added, named, listed and removed on the account page, and used on the login page, at a phone
 * and a desktop width; then, with the credential's private key read back from the virtual
 * authenticator, responses made here that the server must refuse: a wrong origin, a replayed
 * challenge, a counter gone backwards and an unknown credential. axe on every new state.
 */
import assert from 'node:assert/strict';
import { createHash, createPrivateKey, randomBytes, sign } from 'node:crypto';
import http from 'node:http';
import { describe, test } from 'node:test';
import { createAdmin } from '../helpers/admin';
import {
  assertNoViolations,
  type BrowserContext,
  type BrowserContextOptions,
  browserSuite,
  expectedLoadError,
  PASSWORD,
  type Page,
  viewports,
  waitForHydration,
} from './helpers';

/** WebAuthn refuses an IP address as the relying party: the pages are opened as localhost. */
const localOrigin = (url: string) => url.replace('127.0.0.1', 'localhost');

async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A JSON POST to the server on 127.0.0.1 with the Host the browser used (localhost). */
function postJson(base: string, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const { port } = new URL(base);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          host: `localhost:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

describe('passkeys in a browser', () => {
  const suite = browserSuite({ env: { INQUIRY_RATE_LIMIT: 'off' } });

  async function registerOnAccountPage(name: string, options: BrowserContextOptions, deviceName: string) {
    const username = `passkey-${name}@example.com`;
    await createAdmin(suite.server.dataDir, username, PASSWORD);
    const base = localOrigin(suite.server.url);
    const opened = await suite.open(options);
    const { context, page } = opened;
    const authenticator = await addVirtualAuthenticator(context, page);
    const res = await context.request.post(`${base}/api/login`, { data: { username, password: PASSWORD } });
    assert.equal(res.status(), 200);
    await page.goto(`${base}/admin/account`);
    await waitForHydration(page);
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByText('No passkeys yet.').waitFor();
    await assertNoViolations(page, `/admin/account, no passkeys (${name})`);
    await passkeys.getByLabel('Name of this device').fill(deviceName);
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await passkeys.getByRole('list', { name: 'Passkeys' }).getByText(deviceName, { exact: true }).waitFor();
    assert.match((await passkeys.getByRole('listitem').textContent()) ?? '', /Added .* · Last used never/);
    await assertNoViolations(page, `/admin/account, one passkey (${name})`);
    return { ...opened, ...authenticator, base, username };
  }

  for (const [name, options] of Object.entries(viewports) as [string, BrowserContextOptions][]) {
    test(`at ${name} width: added and named, used instead of the password, removed`, async () => {
      const { context, page, problems, base } = await registerOnAccountPage(name, options, `My ${name}`);

      await context.request.post(`${base}/api/logout`);
      if (name === 'desktop') {
        // The button's way: a browser without passkeys in autofill (conditional UI) shows only it.
        await page.addInitScript(() => {
          PublicKeyCredential.isConditionalMediationAvailable = async () => false;
        });
      } else {
        // The virtual authenticator answers autofill's request at once, so the page could sign in
        // and leave before the field is looked at: the request waits until the test lets it go.
        // (A string, not a function: the test's compiled functions name their inner ones.)
        await page.addInitScript({
          content: `{
            const get = navigator.credentials.get.bind(navigator.credentials);
            let release;
            const released = new Promise((resolve) => { release = resolve; });
            window.releaseAutofill = () => release();
            navigator.credentials.get = async (request) => {
              if (request && request.mediation === 'conditional') await released;
              return get(request);
            };
          }`,
        });
      }
      await page.goto(`${base}/admin/login`);
      await waitForHydration(page);
      assert.equal(
        await page.getByLabel('Email').getAttribute('autocomplete'),
        'username webauthn',
        'autofill offers passkeys',
      );
      if (name !== 'desktop')
        await page.evaluate(() => (window as unknown as { releaseAutofill: () => void }).releaseAutofill());
      // At the phone width, autofill's request (the virtual authenticator answers it at once) signs
      // in by itself; at the desktop width, the button does.
      if (name === 'desktop') await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin');

      await page.goto(`${base}/admin/account`);
      await waitForHydration(page);
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await passkeys.getByText(/Last used (?!never)/).waitFor();
      await passkeys.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('dialog', { name: `Remove the passkey "My ${name}"?` });
      await dialog.waitFor();
      await assertNoViolations(page, `/admin/account, remove a passkey (${name})`);
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await passkeys.getByText('No passkeys yet.').waitFor();
      assert.deepEqual(problems.filter(expectedLoadError(401)), []);
    });
  }

  test('refused: a wrong origin, a replayed challenge, a counter gone backwards, an unknown credential', async () => {
    const { cdp, authenticatorId, base } = await registerOnAccountPage(
      'refusals',
      viewports.desktop,
      'Laptop',
    );
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    const credential = credentials[0];
    assert.ok(credential?.privateKey && credential.userHandle);
    const key = createPrivateKey({
      key: Buffer.from(credential.privateKey, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    const id = b64url(Buffer.from(credential.credentialId, 'base64'));
    let counter = credential.signCount;

    /** A sign-in response as an authenticator makes it, signed with the passkey's own key. */
    const assertion = (challenge: string, options: { origin?: string; counter: number; id?: string }) => {
      const clientData = Buffer.from(
        JSON.stringify({
          type: 'webauthn.get',
          challenge,
          origin: options.origin ?? base,
          crossOrigin: false,
        }),
      );
      const counterBytes = Buffer.alloc(4);
      counterBytes.writeUInt32BE(options.counter);
      // rpIdHash, flags (user present + user verified), signature counter.
      const authData = Buffer.concat([
        createHash('sha256').update('localhost').digest(),
        Buffer.from([0x05]),
        counterBytes,
      ]);
      const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
      // The authenticator's algorithm: ECDSA and RSA sign a SHA-256 of the message; Ed25519 and
      // ML-DSA (which Chromium's virtual authenticator picks when the server's Node 24 offers it)
      // sign the message itself.
      const hashed = key.asymmetricKeyType === 'ec' || key.asymmetricKeyType === 'rsa';
      const signature = sign(hashed ? 'sha256' : null, signed, key);
      const credentialId = options.id ?? id;
      return {
        response: {
          id: credentialId,
          rawId: credentialId,
          type: 'public-key',
          clientExtensionResults: {},
          response: {
            clientDataJSON: b64url(clientData),
            authenticatorData: b64url(authData),
            signature: b64url(signature),
            userHandle: b64url(Buffer.from(credential.userHandle ?? '', 'base64')),
          },
        },
      };
    };
    const challenge = async () => {
      const options = await postJson(base, '/api/login/passkey/options', {});
      assert.equal(options.status, 200);
      return (options.json as { challenge: string }).challenge;
    };
    const signIn = (body: unknown) => postJson(base, '/api/login/passkey', body);

    // Made here the right way, it is accepted: the test's own responses are sound.
    const good = assertion(await challenge(), { counter: ++counter });
    assert.equal((await signIn(good)).status, 200);

    assert.equal((await signIn(good)).status, 401, 'the same response again: its challenge is used');
    const wrongOrigin = assertion(await challenge(), { origin: 'https://evil.example', counter: ++counter });
    assert.equal((await signIn(wrongOrigin)).status, 401, 'a wrong origin');
    const backwards = assertion(await challenge(), { counter: counter - 2 });
    assert.equal((await signIn(backwards)).status, 401, 'a cloned authenticator: its counter went backwards');
    const unknown = assertion(await challenge(), { counter: ++counter, id: b64url(randomBytes(32)) });
    const refused = await signIn(unknown);
    assert.equal(refused.status, 401, 'an unknown credential');
    assert.deepEqual(refused.json, {
      message: 'That passkey did not work. Try again, or sign in with your password.',
    });
    const malformed = await signIn({ response: 'nope' });
    assert.equal(malformed.status, 400);

    // And after all that, a sound response still works (nothing was stored from the refused ones).
    assert.equal((await signIn(assertion(await challenge(), { counter: ++counter }))).status, 200);
  });
});
