import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ContractView, TemplateState } from '../../src/features/contracts/contracts';
import { signIn } from '../helpers/admin';
import { runBuiltOk } from '../helpers/backup';
import {
  drawnSignature,
  familySignAt,
  HOSTILE_NAME,
  jsonOf,
  mailsIn,
  pdfText,
  sha256,
  startContractsStory,
} from '../helpers/contracts';
import type { PuppyClient } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import type { Peer } from '../peers/start-peer';

/**
 * The contracts' story continued (contracts.test.ts tells its start): a contract sent with her
 * template and signed by the family (typed, from an iPhone), then her countersignature and the
 * PDF, "Void contract", a backup and a restore, and a client guessing links.
 */
describe('contracts: her countersignature, the PDF, void, backup, and guessed links', () => {
  let smtp: Peer;
  let server: RunningServer;
  let admin: PuppyClient;
  let inquiryId: string;
  let reservationId: string;
  let contract: ContractView;
  let link: string;

  before(async () => {
    ({ smtp, server, admin, inquiryId, reservationId } = await startContractsStory());
    // Her template as the first file saves it, then the contract sent and signed by the family.
    const state = await jsonOf<TemplateState>(await admin.send('GET', '/api/contracts/template'));
    const text = `${state.template.text}\n\nSigned for {kennel} by {breeder} with {family} ({email}) on {today}: {puppy}, {price}, deposit {deposit}, balance {balance}, litter {litter}, home {goHomeDate}.`;
    await jsonOf(
      await admin.send('PUT', '/api/contracts/template/draft', {
        basedOn: state.basedOn,
        template: { ...state.template, text, breederName: 'Ann Breeder' },
      }),
    );
    await jsonOf(await admin.send('POST', '/api/contracts/template/save', { basedOn: state.basedOn }));
    contract = await jsonOf<ContractView>(
      await admin.send('POST', `/api/reservations/${reservationId}/contract`, {}),
      201,
    );
    link = contract.link ?? '';
    const signed = await familySignAt(server.url, link, {
      consent: 'yes',
      name: HOSTILE_NAME,
      method: 'typed',
      textHash: contract.textHash,
    });
    assert.equal(signed.status, 303, await signed.clone().text());
  });

  after(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const json = jsonOf;
  /** The mails whose subject matches, once `count` of them arrived. */
  const mailsAbout = (subject: RegExp, count: number) => mailsIn(smtp, subject, count);

  let pdf: Buffer;

  test('she countersigns with a drawn signature: the PDF is made once, stored, and emailed to both', async () => {
    const early = await admin.send('POST', `/api/contracts/${contract.id}/sign`, {
      consent: true,
      name: 'Ann Breeder',
      method: 'drawn',
      image: await drawnSignature(),
      textHash: sha256('not the text'),
    });
    assert.equal(early.status, 409);

    const signed = await json<ContractView>(
      await admin.send(
        'POST',
        `/api/contracts/${contract.id}/sign`,
        {
          consent: true,
          name: 'Ann Breeder',
          method: 'drawn',
          image: await drawnSignature(),
          textHash: contract.textHash,
        },
        {
          'User-Agent':
            'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
        },
      ),
    );
    assert.equal(signed.status, 'signed');
    assert.ok(signed.pdf, 'the PDF is made before the answer');
    const download = await admin.send('GET', signed.pdf.url);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'application/pdf');
    pdf = Buffer.from(await download.arrayBuffer());
    assert.equal(sha256(pdf), signed.pdf.sha256);
    const stored = await readFile(path.join(server.dataDir, 'contracts', `${contract.id}.pdf`));
    assert.ok(stored.equals(pdf));
    // The family's page offers the same file.
    const familyCopy = Buffer.from(await (await fetch(`${server.url}${link}/agreement.pdf`)).arrayBuffer());
    assert.ok(familyCopy.equals(pdf));

    const text = await pdfText(pdf);
    assert.match(text, /Puppy Sales Agreement/);
    assert.match(text, /Zoë <script>alert\(1\)<\/script> Ивáнова/);
    assert.match(text, /Ann Breeder/);
    assert.match(text, /Signing record/);
    assert.match(text, /IP address: 203\.0\.113\.9/);
    assert.match(text, /Browser: Safari on iPhone/);
    assert.match(text, /Email: family@example\.com/);
    assert.match(text, /Email: breeder@example\.com/);
    assert.match(text, /Time \(UTC\): \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    assert.match(text, /Time \(America\/Phoenix\):/);
    assert.ok(text.includes(contract.textHash), 'the text hash is printed');

    // Signing again is refused, and makes no second PDF.
    const again = await admin.send('POST', `/api/contracts/${contract.id}/sign`, {
      consent: true,
      name: 'Ann Breeder',
      method: 'typed',
      textHash: contract.textHash,
    });
    assert.equal(again.status, 409);

    const mails = await mailsAbout(/^Signed: /, 2);
    const to = mails.map((mail) =>
      (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((t) => t?.value.map((v) => v.address)).join(),
    );
    assert.deepEqual(to.sort(), ['breeder@doodles.test', 'family@example.com']);
    for (const mail of mails) {
      const attachment = mail.attachments[0];
      assert.equal(attachment?.contentType, 'application/pdf');
      assert.equal(sha256(attachment.content), signed.pdf.sha256);
    }
  });

  test('"Void contract" with a reason: it can no longer be signed, and a new one can be sent', async () => {
    const voided = await json<ContractView>(
      await admin.send('POST', `/api/contracts/${contract.id}/void`, { reason: 'Puppy changed' }),
    );
    assert.equal(voided.status, 'void');
    assert.equal(voided.voidReason, 'Puppy changed');
    const emptyReason = await admin.send('POST', `/api/contracts/${contract.id}/void`, { reason: ' ' });
    assert.equal(emptyReason.status, 400);
    const next = await json<ContractView>(
      await admin.send('POST', `/api/reservations/${reservationId}/contract`, {}),
      201,
    );
    const page = await (await fetch(`${server.url}${link}`)).text();
    assert.match(page, /This contract was voided: Puppy changed/);
    const nextLink = next.link ?? '';
    const voidNext = await json<ContractView>(
      await admin.send('POST', `/api/contracts/${next.id}/void`, { reason: 'Sent by mistake' }),
    );
    assert.equal(voidNext.status, 'void');
    const signVoid = await fetch(`${server.url}${nextLink}/sign`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        consent: 'yes',
        name: 'X Y',
        method: 'typed',
        textHash: next.textHash,
      }).toString(),
    });
    assert.equal(signVoid.status, 409);
    assert.match(await signVoid.text(), /voided: it can no longer be signed/);
  });

  test('a backup and a restore keep the contracts and the signed PDF byte for byte', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'contracts-backup-'));
    const archive = path.join(work, 'backup.tar.gz');
    await runBuiltOk('backup', ['--out', archive], { DATA_DIR: server.dataDir });
    const restoredDir = path.join(work, 'restored');
    await runBuiltOk('restore', [archive], { DATA_DIR: restoredDir });
    const restored = await startServer({ dataDir: restoredDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    try {
      const kept = await readFile(path.join(restoredDir, 'contracts', `${contract.id}.pdf`));
      assert.ok(kept.equals(pdf), 'the same bytes on disk');
      // The family's link still opens it, and her dashboard shows the same SHA-256 beside it.
      const familyCopy = Buffer.from(
        await (await fetch(`${restored.url}${link}/agreement.pdf`)).arrayBuffer(),
      );
      assert.equal(sha256(familyCopy), sha256(pdf));
      const cookie = await signIn(restored.url, 'breeder@example.com', 'correct horse battery');
      const listed = (await (
        await fetch(`${restored.url}/api/inquiries/${inquiryId}/contracts`, { headers: { Cookie: cookie } })
      ).json()) as { contracts: ContractView[] };
      const signed = listed.contracts.find((c) => c.id === contract.id);
      assert.equal(signed?.pdf?.sha256, sha256(pdf));
      assert.equal(signed?.status, 'void', 'voided in place, its PDF kept');
    } finally {
      await restored.stop();
    }
  });

  test('a client guessing links is throttled (429), nothing of anyone shown', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i += 1) {
      const res = await fetch(`${server.url}/contract/${String(i).padStart(43, 'x')}`, {
        headers: { 'X-Forwarded-For': '198.51.100.77' },
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    assert.ok(statuses.slice(0, 60).every((status) => status === 404));
    assert.equal(statuses.at(-1), 429);
    // Another client is not affected.
    assert.equal(
      (await fetch(`${server.url}${link}`, { headers: { 'X-Forwarded-For': '198.51.100.78' } })).status,
      200,
    );
  });
});
