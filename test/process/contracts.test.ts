import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import * as cheerio from 'cheerio';
import sharp from 'sharp';
import type { ContractView, TemplateState } from '../../src/features/contracts/contracts';
import { signIn } from '../helpers/admin';
import { runBuiltOk } from '../helpers/backup';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';

const run = promisify(execFile);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const CONSENT = 'I agree to sign electronically and to receive this agreement electronically';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
// A family name with markup and non-Latin letters: it must come out as written everywhere.
const HOSTILE_NAME = 'Zoë <script>alert(1)</script> Ивáнова';

/** The text of a PDF as Debian's pdftotext reads it (poppler-utils, installed by .ci/run). */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'contract-pdf-'));
  const file = path.join(dir, 'agreement.pdf');
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout;
}

/** The Nu HTML Checker's errors for a page (vnu.jar with the machine's Java, as html-validity.test.ts). */
async function htmlErrors(html: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'contract-html-'));
  const file = path.join(dir, 'page.html');
  await writeFile(file, html);
  const jar = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');
  try {
    await run('java', ['-jar', jar, '--errors-only', file]);
    return '';
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  }
}

/** A drawn signature as a canvas makes it: a transparent PNG with dark strokes. */
async function drawnSignature(width = 700, height = 250): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M20 200 C 120 20, 220 240, 320 60 S 520 200, 680 40" stroke="#111" stroke-width="6" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A PNG header claiming `width` × `height`, followed by nothing a decoder could use. */
function pngHeaderClaiming(width: number, height: number): string {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.writeUInt8(8, 24);
  header.writeUInt8(6, 25);
  return `data:image/png;base64,${Buffer.concat([header, Buffer.alloc(64, 0x41)]).toString('base64')}`;
}

describe('contracts: her template, sent to a family, signed by both, the PDF to both by email', () => {
  let smtp: Peer;
  let server: RunningServer;
  let admin: PuppyClient;
  let inquiryId: string;
  let reservationId: string;

  before(async () => {
    smtp = await startSmtpPeer();
    server = await startServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL: 'breeder@doodles.test',
        MAIL_FROM: 'Saguaro Doodles <hello@doodles.test>',
        PUBLIC_URL: 'https://doodles.test',
        TRUST_PROXY: 'loopback',
        INQUIRY_RATE_LIMIT: 'off',
        TZ: 'America/Phoenix',
      },
    });
    admin = await puppyAdmin(server.url, server.dataDir);
    const posted = await postInquiry(server.url, {
      ...uniqueInquiry('contract'),
      name: HOSTILE_NAME,
      email: 'family@example.com',
      phone: '928-555-0101',
    });
    inquiryId = ((await posted.json()) as { id: string }).id;
    const daisy = await admin.find('Daisy');
    const reserved = await admin.send('POST', `/api/inquiries/${inquiryId}/reservation`, {
      puppyId: daisy.id,
      deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' },
    });
    assert.equal(reserved.status, 200, await reserved.clone().text());
    reservationId = ((await reserved.json()) as { reservation: { id: string } }).reservation.id;
  });
  after(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const json = async <T>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    assert.equal(res.status, status, text);
    return JSON.parse(text) as T;
  };
  /** The mails whose subject matches, once `count` of them arrived (sign-in and inquiry notices arrive too). */
  const mailsAbout = async (subject: RegExp, count: number) => {
    let found: Awaited<ReturnType<typeof parseMail>>[] = [];
    const deadline = Date.now() + 15_000;
    while (found.length < count) {
      assert.ok(Date.now() < deadline, `timed out waiting for ${count} mails about ${subject}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const all = await Promise.all((await smtp.files()).map((file) => parseMail(file)));
      found = all.filter((mail) => subject.test(mail.subject ?? ''));
    }
    return found;
  };
  const template = async () => json<TemplateState>(await admin.send('GET', '/api/contracts/template'));

  test('only her session reads or changes the template and contracts', async () => {
    for (const [method, url] of [
      ['GET', '/api/contracts/template'],
      ['PUT', '/api/contracts/template/draft'],
      ['POST', `/api/reservations/${reservationId}/contract`],
      ['POST', '/api/contracts/x/sign'],
      ['GET', '/api/contracts/x/pdf'],
    ] as const) {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      assert.equal(res.status, 401, url);
    }
  });

  test('a fresh install has a starting template: a sales agreement with a health guarantee, to adapt with her lawyer', async () => {
    const state = await template();
    assert.equal(state.template.title, 'Puppy Sales Agreement');
    assert.match(
      state.template.text,
      /starting point to adapt with your own lawyer|plain example to adapt with your own lawyer/,
    );
    assert.match(state.template.text, /Health guarantee/);
    assert.equal(state.hasDraft, false);
    assert.equal(state.history.length, 1);
  });

  test('an unknown placeholder is refused when she saves, naming it; a good draft is saved, then the template', async () => {
    const state = await template();
    const bad = await admin.send('PUT', '/api/contracts/template/draft', {
      basedOn: state.basedOn,
      template: { ...state.template, text: `${state.template.text}\nPickup by {pickupDay} and {colour}.` },
    });
    const refused = await json<{ message: string; errors: Record<string, string> }>(bad, 400);
    assert.match(refused.errors.text ?? '', /\{pickupDay\}, \{colour\}/);

    const text = `${state.template.text}\n\nSigned for {kennel} by {breeder} with {family} ({email}) on {today}: {puppy}, {price}, deposit {deposit}, balance {balance}, litter {litter}, home {goHomeDate}.`;
    const drafted = await json<TemplateState>(
      await admin.send('PUT', '/api/contracts/template/draft', {
        basedOn: state.basedOn,
        template: { ...state.template, text, breederName: 'Ann Breeder' },
      }),
    );
    assert.equal(drafted.hasDraft, true);
    const saved = await json<TemplateState>(
      await admin.send('POST', '/api/contracts/template/save', { basedOn: state.basedOn }),
    );
    assert.equal(saved.hasDraft, false);
    assert.equal(saved.history.length, 2);
    assert.equal(saved.history[0]?.savedBy, 'breeder@example.com');
    // A save based on the old revision (another tab) is refused, not lost silently.
    const stale = await admin.send('POST', '/api/contracts/template/discard', { basedOn: state.basedOn });
    assert.equal(stale.status, 409);
  });

  let contract: ContractView;
  let link: string;

  test('preview and "Send contract": the reservation\'s values filled in, frozen for the family', async () => {
    const preview = await json<{ title: string; text: string }>(
      await admin.send('GET', `/api/contracts/preview/${reservationId}`),
    );
    assert.match(preview.text, /with Zoë <script>alert\(1\)<\/script> Ивáнова \(family@example\.com\)/);
    assert.match(preview.text, /Daisy, \$900, deposit \$300, balance \$600, litter \w+ 2025 litter, home _+/);
    assert.match(preview.text, /by Ann Breeder/);

    const sent = await admin.send('POST', `/api/reservations/${reservationId}/contract`, {});
    contract = await json<ContractView & { emailed: boolean }>(sent, 201);
    assert.equal(contract.status, 'sent');
    assert.equal(contract.text, preview.text);
    assert.equal(contract.textHash, sha256(`${contract.title}\n\n${contract.text}`));
    link = contract.link ?? '';
    assert.match(link, /^\/contract\/[A-Za-z0-9_-]{43}$/);
    const stored = await readFile(path.join(server.dataDir, 'contracts.json'), 'utf8');
    assert.ok(!stored.includes(link.split('/').pop() ?? '-'), 'the token itself is never stored');

    // A second contract while this one is open is refused.
    const again = await admin.send('POST', `/api/reservations/${reservationId}/contract`, {});
    assert.equal(again.status, 409);

    // Later template edits never change it.
    const state = await template();
    await json(
      await admin.send('PUT', '/api/contracts/template/draft', {
        basedOn: state.basedOn,
        template: { ...state.template, text: 'Something else entirely.' },
      }),
    );
    await json(await admin.send('POST', '/api/contracts/template/save', { basedOn: state.basedOn }));
    const listed = await json<{ contracts: ContractView[] }>(
      await admin.send('GET', `/api/inquiries/${inquiryId}/contracts`),
    );
    assert.equal(listed.contracts[0]?.text, contract.text);

    // The family's link email arrives at the real SMTP server.
    const [mail] = await mailsAbout(/^Your puppy agreement for Daisy is ready to sign$/, 1);
    assert.ok(mail);
    assert.match(mail.text ?? '', new RegExp(`https://doodles\\.test${link}`));
  });

  test('the family page shows the whole text as written, and a wrong token shows nothing', async () => {
    const res = await fetch(`${server.url}${link}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    assert.match(res.headers.get('cache-control') ?? '', /no-store/);
    const html = await res.text();
    assert.ok(!html.includes('<script>alert(1)'), 'markup the family typed is never markup');
    const $ = cheerio.load(html);
    assert.equal($('.agreement-text').text(), contract.text);
    assert.match($('label.consent').text(), new RegExp(CONSENT));
    assert.equal($('input[name="textHash"]').val(), contract.textHash);
    assert.equal($('meta[name="robots"]').attr('content'), 'noindex, nofollow');
    assert.equal(await htmlErrors(html), '', 'the signing page is valid HTML');

    const wrong = await fetch(`${server.url}/contract/${'A'.repeat(43)}`);
    assert.equal(wrong.status, 404);
    assert.match(await wrong.text(), /no longer active/);
  });

  const familySign = (fields: Record<string, string>) =>
    fetch(`${server.url}${link}/sign`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': IPHONE,
        'X-Forwarded-For': '203.0.113.9',
      },
      body: new URLSearchParams(fields).toString(),
    });

  test('refusals: no consent, no name, a changed text, hostile signature images', async () => {
    const base = { consent: 'yes', name: HOSTILE_NAME, method: 'typed', textHash: contract.textHash };
    const noConsent = await familySign({ ...base, consent: '' });
    assert.equal(noConsent.status, 400);
    const withErrors = await noConsent.text();
    assert.match(withErrors, /Tick the box to agree to sign electronically/);
    assert.equal(await htmlErrors(withErrors), '', 'the page with its messages is valid HTML');
    const noName = await familySign({ ...base, name: '  ' });
    assert.equal(noName.status, 400);
    assert.match(await noName.text(), /Type your full name/);
    const changed = await familySign({ ...base, textHash: sha256('another text') });
    assert.equal(changed.status, 409);
    assert.match(await changed.text(), /text changed since this page was opened/);
    for (const image of [
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      pngHeaderClaiming(100_000, 100_000),
      pngHeaderClaiming(700, 250),
      `data:image/png;base64,${'A'.repeat(280_000)}`,
      'data:image/png;base64,not base64 at all!!',
    ]) {
      const res = await familySign({ ...base, method: 'drawn', image });
      assert.equal(res.status, 400, image.slice(0, 40));
      assert.match(await res.text(), /That signature could not be read/);
    }
    const stored = JSON.parse(await readFile(path.join(server.dataDir, 'contracts.json'), 'utf8'));
    assert.equal(stored.contracts[0].family, null, 'nothing refused was stored');
  });

  test('the family signs (typed); signing twice is refused; she is emailed at once', async () => {
    const signed = await familySign({
      consent: 'yes',
      name: HOSTILE_NAME,
      method: 'typed',
      textHash: contract.textHash,
    });
    assert.equal(signed.status, 303);
    assert.equal(signed.headers.get('location'), `${link}?signed=1`);
    const page = await (await fetch(`${server.url}${link}?signed=1`)).text();
    assert.match(page, /Signed by family/);
    assert.match(page, /Thank you: you signed the agreement/);

    const twice = await familySign({
      consent: 'yes',
      name: HOSTILE_NAME,
      method: 'typed',
      textHash: contract.textHash,
    });
    assert.equal(twice.status, 409);
    assert.match(await twice.text(), /already signed/);

    const [mail] = await mailsAbout(/signed the agreement for Daisy$/, 1);
    assert.equal(mail?.subject, 'Zoë <script>alert(1)</script> Ивáнова signed the agreement for Daisy');
    assert.ok(!(mail?.html || '').includes('<script>'), 'the HTML part escapes it');
  });

  test('the family page (issue 28) shows the agreement and its status, its link opens the signing page ("Read and sign" while it is to sign)', async () => {
    const state = await json<{ url: string }>(
      await admin.send('POST', `/api/inquiries/${inquiryId}/family-link`, {}),
    );
    const token = state.url.split('/').pop() ?? '';
    const familyPage = await (await fetch(`${server.url}/family/${token}`)).text();
    const $ = cheerio.load(familyPage);
    const section = $('section[aria-labelledby="contract-heading"]');
    assert.equal(section.find('h2').text(), 'Your agreement');
    assert.match(section.text(), /Status: Signed by family/);
    const href = section.find('a').attr('href') ?? '';
    assert.equal(href, `/contract/${token}`);
    const signing = await fetch(`${server.url}${href}`);
    assert.equal(signing.status, 200);
    const signingPage = cheerio.load(await signing.text());
    assert.equal(
      signingPage('.agreement-text').text(),
      contract.text,
      'the same contract through the family link',
    );
    assert.equal(signingPage('form[data-sign-form]').length, 0, 'already signed: no form');
  });

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
