import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import * as cheerio from 'cheerio';
import type { ContractView, TemplateState } from '../../src/features/contracts/contracts';
import type { LitterList } from '../../src/features/litters/litters';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';

// Issue 30's placeholders that come from other features: {litter} and {born} from the puppy's
// litter (litters.json), {price} and {balance} from the family's own price and {goHomeDate} from
// the go-home day (family.json). What she typed (the litter's name) is text in the page and PDF.
const run = promisify(execFile);
// Markup and non-Latin letters, within the 60 characters of a litter's name.
const HOSTILE_LITTER = 'Луна × Bentley <script>alert(1)</script>';

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'contract-placeholders-'));
  const file = path.join(dir, 'agreement.pdf');
  await writeFile(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

describe('contracts: the litter, the family price and the go-home day fill their placeholders', () => {
  let server: RunningServer;
  let admin: PuppyClient;

  const json = async <T>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    assert.equal(res.status, status, text);
    return JSON.parse(text) as T;
  };

  /** A family with `puppy` reserved and a $300 deposit: its reservation's id. */
  async function reserve(name: string, puppy: string, phone?: string) {
    const posted = await postInquiry(server.url, {
      ...uniqueInquiry('placeholders'),
      name,
      email: `${puppy.toLowerCase()}@example.com`,
      ...(phone ? { phone } : {}),
    });
    const inquiryId = ((await posted.json()) as { id: string }).id;
    const { id: puppyId } = await admin.find(puppy);
    const reserved = await json<{ reservation: { id: string } }>(
      await admin.send('POST', `/api/inquiries/${inquiryId}/reservation`, {
        puppyId,
        deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' },
      }),
    );
    return reserved.reservation.id;
  }

  before(async () => {
    server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off', TZ: 'America/Phoenix' } });
    admin = await puppyAdmin(server.url, server.dataDir);
    const state = await json<TemplateState>(await admin.send('GET', '/api/contracts/template'));
    // Every placeholder, the family's first: the rest of each line is checked below.
    const text = `${state.template.text}\n\nFor {family} <{email}>, {phone}: {puppy} from {kennel} by {breeder}, {today}, deposit {deposit}.\nValues: litter {litter}; born {born}; price {price}; balance {balance}; home {goHomeDate}.`;
    await json(
      await admin.send('PUT', '/api/contracts/template/draft', {
        basedOn: state.basedOn,
        template: { ...state.template, text, breederName: 'Ann Breeder' },
      }),
    );
    await json(await admin.send('POST', '/api/contracts/template/save', { basedOn: state.basedOn }));
  });
  after(() => server?.stop());

  test('before she sets them: the seeded litter, the page price, a blank go-home date', async () => {
    const reservationId = await reserve('Plain Family', 'Luna');
    const preview = await json<{ text: string }>(
      await admin.send('GET', `/api/contracts/preview/${reservationId}`),
    );
    assert.match(
      preview.text,
      /Values: litter February 2025 litter; born February 9, 2025; price \$900; balance \$600; home _{5,}\.$/,
    );
    // No phone given: a line to write on. {today} is her day (TZ), as the page writes dates.
    const today = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Phoenix',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date());
    assert.ok(
      preview.text.includes(
        `For Plain Family <luna@example.com>, ____________________: Luna from Saguaro Doodles by Ann Breeder, ${today}, deposit $300.`,
      ),
      preview.text.slice(-300),
    );
  });

  test("her litter name, the family's price and go-home day: in the preview, the page and the PDF, as text", async () => {
    const reservationId = await reserve('Priced Family', 'Daisy', '928-555-0199');
    const { litters } = await json<LitterList>(await admin.send('GET', '/api/litters'));
    const litter = litters.find((item) => item.name === 'February 2025 litter');
    assert.ok(litter, 'the seeded litter');
    const { id, version, createdAt: _c, status: _s, puppyIds: _p, waitlist: _w, ...fields } = litter;
    await json(await admin.send('PUT', `/api/litters/${id}`, { ...fields, name: HOSTILE_LITTER, version }));
    await json(await admin.send('PUT', `/api/reservations/${reservationId}/price`, { price: '1,250' }));
    await json(
      await admin.send('PUT', `/api/reservations/${reservationId}/go-home`, {
        date: '2027-01-16',
        time: '10:30',
        place: 'The farm',
        note: '',
      }),
    );

    const expected =
      'Values: litter Луна × Bentley <script>alert(1)</script>; born February 9, 2025; price $1,250; balance $950; home January 16, 2027.';
    const preview = await json<{ text: string }>(
      await admin.send('GET', `/api/contracts/preview/${reservationId}`),
    );
    assert.ok(preview.text.endsWith(expected), preview.text.slice(-200));
    assert.match(
      preview.text,
      /For Priced Family <daisy@example\.com>, 928-555-0199: Daisy from Saguaro Doodles/,
    );

    const contract = await json<ContractView>(
      await admin.send('POST', `/api/reservations/${reservationId}/contract`, {}),
      201,
    );
    assert.ok(contract.text.endsWith(expected), 'frozen with the values');
    const link = contract.link ?? '';
    const html = await (await fetch(`${server.url}${link}`)).text();
    assert.ok(!html.includes('<script>alert(1)'), 'the litter name is never markup');
    assert.ok(cheerio.load(html)('.agreement-text').text().endsWith(expected), 'shown as written');

    // Her later changes never reach a contract already sent.
    await json(await admin.send('PUT', `/api/reservations/${reservationId}/price`, { price: '2000' }));
    const listed = await json<ContractView[] | { contracts: ContractView[] }>(
      await admin.send('GET', `/api/inquiries/${contract.inquiryId}/contracts`),
    );
    const contracts = Array.isArray(listed) ? listed : listed.contracts;
    assert.equal(contracts[0]?.text, contract.text);

    const signed = await fetch(`${server.url}${link}/sign`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        consent: 'yes',
        name: 'Priced Family',
        method: 'typed',
        textHash: contract.textHash,
      }).toString(),
    });
    assert.equal(signed.status, 303);
    const both = await json<ContractView>(
      await admin.send('POST', `/api/contracts/${contract.id}/sign`, {
        consent: true,
        name: 'Ann Breeder',
        method: 'typed',
        textHash: contract.textHash,
      }),
    );
    assert.ok(both.pdf, 'the PDF is made');
    const pdf = Buffer.from(await (await admin.send('GET', both.pdf.url)).arrayBuffer());
    // pdftotext may break the long line: its words are compared with the spaces joined.
    const words = (await pdfText(pdf)).replace(/\s+/g, ' ');
    assert.ok(words.includes(expected), 'the PDF prints the values as written');
  });
});
