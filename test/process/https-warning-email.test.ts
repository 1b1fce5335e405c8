/**
 * The certificate warning email (issue 31, decision 122), against pebble and a real SMTP server
 * process: from 14 days before expiry, a failing renewal sends NOTIFY_EMAIL one email through the
 * durable outbox, with the domain, the expiry and the reason in words; the retry a minute later,
 * and a restart that fails again, send no second one.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ChallengeDns, freePort, type Pebble, startChallengeDns, startPebble } from '../helpers/pebble';
import { type RunningServer, startServer } from '../helpers/server';
import { until } from '../helpers/until';
import { parseMail, startSmtpPeer } from '../peers/start-peer';

const DOMAIN = 'shop.test';
const cleanup: (() => Promise<unknown>)[] = [];
let dns: ChallengeDns;
before(async () => {
  dns = await startChallengeDns();
  cleanup.push(() => dns.stop());
});
after(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
});

test('a refused renewal near expiry sends one email, not one per retry nor per restart', {
  timeout: 240_000,
}, async () => {
  const smtp = await startSmtpPeer();
  cleanup.push(smtp.stop);
  const httpPort = await freePort();
  const httpsPort = await freePort();
  // 15-second certificates: every one is within 14 days of expiry, and renewed 10 s after issue.
  const issuing: Pebble = await startPebble(dns, { httpPort, validitySeconds: 15 });
  cleanup.push(() => issuing.stop());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-https-mail-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const start = () =>
    startServer({
      dataDir,
      env: {
        DOMAIN,
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(httpsPort),
        ACME_DIRECTORY_URL: issuing.directoryUrl,
        NODE_EXTRA_CA_CERTS: issuing.pebbleCaFile,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL: 'breeder@doodles.test',
      },
    });
  let server: RunningServer = await start();
  cleanup.push(() => server.stop());
  await until(() => /listening on https:\/\//.test(server.output()), 'the first certificate', 20_000);
  const kept = JSON.parse(await readFile(path.join(dataDir, 'https-certificate.json'), 'utf8'));
  const notAfter: string = kept.certificate.notAfter;

  // The same ACME server, now refusing the domain (Let's Encrypt's "rejectedIdentifier").
  await issuing.stop();
  const refusing = await startPebble(dns, {
    httpPort,
    validitySeconds: 15,
    blocklist: [DOMAIN],
    ports: issuing.ports,
  });
  cleanup.push(() => refusing.stop());
  await until(
    () => /"event":"https certificate not obtained"/.test(server.output()),
    'the refused renewal',
    20_000,
  );
  const [file] = await smtp.waitFor(1, 15_000);
  const mail = await parseMail(file as string);
  assert.equal(mail.subject, `Saguaro Doodles: The HTTPS certificate of ${DOMAIN} is not renewed`);
  assert.match(
    mail.text ?? '',
    new RegExp(`The HTTPS certificate of ${DOMAIN.replace('.', '\\.')} (could not be renewed|has expired)`),
  );
  assert.match(mail.text ?? '', /Why: .*refuses to issue a certificate for shop\.test/);
  assert.match(mail.text ?? '', /This is the only email about it/);
  assert.match(mail.html || '', /<th align="left">Why<\/th>/);
  // Its id is the certificate's: a second warning about the same certificate is the same notice.
  assert.match(
    mail.messageId ?? '',
    new RegExp(`^<account\\.certificate\\.shop\\.test\\.${Date.parse(notAfter)}@`),
  );
  assert.deepEqual(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [], [
    'breeder@doodles.test',
  ]);

  // The first retry, a minute later, in the same process: it fails too, and sends nothing more.
  const failures = () => server.output().match(/"event":"https certificate not obtained"/g)?.length ?? 0;
  await until(() => failures() >= 2, 'the retry a minute later', 90_000);
  await sleep(3_000);
  assert.equal((await smtp.files()).length, 1, 'no email for the retry');

  // A restart with the authority still refusing: the renewal fails again at once, same certificate.
  assert.equal(await server.stop(), 0);
  server = await start();
  await until(
    () => /"event":"https certificate not obtained"/.test(server.output()),
    'the refused retry',
    20_000,
  );
  await sleep(3_000); // the outbox gathers a second before it writes; a send follows at once
  const mails = await Promise.all((await smtp.files()).map(parseMail));
  assert.deepEqual(
    mails.map((m) => m.subject),
    [`Saguaro Doodles: The HTTPS certificate of ${DOMAIN} is not renewed`],
    'one email in all',
  );
  assert.equal(server.process.exitCode, null);
});
