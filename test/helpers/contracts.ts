import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';
import { postInquiry, uniqueInquiry } from './inquiries';
import { puppyAdmin } from './puppies';
import { startServer } from './server';

/** The contracts' tests (test/process/contracts*.test.ts): their inputs, readers and set-up. */

const run = promisify(execFile);
export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
export const CONSENT = 'I agree to sign electronically and to receive this agreement electronically';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
// A family name with markup and non-Latin letters: it must come out as written everywhere.
export const HOSTILE_NAME = 'Zoë <script>alert(1)</script> Ивáнова';

/** The text of a PDF as Debian's pdftotext reads it (poppler-utils, installed by .ci/run). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'contract-pdf-'));
  const file = path.join(dir, 'agreement.pdf');
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout;
}

/** The Nu HTML Checker's errors for a page (vnu.jar with the machine's Java, as html-validity.test.ts). */
export async function htmlErrors(html: string): Promise<string> {
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
export async function drawnSignature(width = 700, height = 250): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M20 200 C 120 20, 220 240, 320 60 S 520 200, 680 40" stroke="#111" stroke-width="6" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A PNG header claiming `width` × `height`, followed by nothing a decoder could use. */
export function pngHeaderClaiming(width: number, height: number): string {
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

/**
 * The contracts' story starts the same way: a real SMTP server, the built server, her session, a
 * family (with a hostile name) and Daisy reserved for them with a $300 deposit.
 */
export async function startContractsStory() {
  const smtp = await startSmtpPeer();
  const server = await startServer({
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
  const admin = await puppyAdmin(server.url, server.dataDir);
  const posted = await postInquiry(server.url, {
    ...uniqueInquiry('contract'),
    name: HOSTILE_NAME,
    email: 'family@example.com',
    phone: '928-555-0101',
  });
  const inquiryId = ((await posted.json()) as { id: string }).id;
  const daisy = await admin.find('Daisy');
  const reserved = await admin.send('POST', `/api/inquiries/${inquiryId}/reservation`, {
    puppyId: daisy.id,
    deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' },
  });
  assert.equal(reserved.status, 200, await reserved.clone().text());
  const reservationId = ((await reserved.json()) as { reservation: { id: string } }).reservation.id;
  return { smtp, server, admin, inquiryId, reservationId };
}

/** The answer's JSON, once its status is the one expected. */
export async function jsonOf<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text) as T;
}

/** The mails whose subject matches, once `count` of them arrived (sign-in and inquiry notices arrive too). */
export async function mailsIn(smtp: Peer, subject: RegExp, count: number) {
  let found: Awaited<ReturnType<typeof parseMail>>[] = [];
  const deadline = Date.now() + 15_000;
  while (found.length < count) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${count} mails about ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const all = await Promise.all((await smtp.files()).map((file) => parseMail(file)));
    found = all.filter((mail) => subject.test(mail.subject ?? ''));
  }
  return found;
}

/** The family's signing form sent from an iPhone, as the scripts-off page posts it. */
export const familySignAt = (url: string, link: string, fields: Record<string, string>) =>
  fetch(`${url}${link}/sign`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'User-Agent': IPHONE,
      'X-Forwarded-For': '203.0.113.9',
    },
    body: new URLSearchParams(fields).toString(),
  });
