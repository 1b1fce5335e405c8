import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { ContractView, TemplateState } from '../../src/features/contracts/contracts';
import {
  CONSENT,
  familySignAt,
  HOSTILE_NAME,
  htmlErrors,
  jsonOf,
  mailsIn,
  pngHeaderClaiming,
  sha256,
  startContractsStory,
} from '../helpers/contracts';
import type { PuppyClient } from '../helpers/puppies';
import type { RunningServer } from '../helpers/server';
import type { Peer } from '../peers/start-peer';

describe('contracts: her template, sent to a family, signed by both, the PDF to both by email', () => {
  let smtp: Peer;
  let server: RunningServer;
  let admin: PuppyClient;
  let inquiryId: string;
  let reservationId: string;

  before(async () => {
    ({ smtp, server, admin, inquiryId, reservationId } = await startContractsStory());
  });

  after(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const json = jsonOf;
  /** The mails whose subject matches, once `count` of them arrived. */
  const mailsAbout = (subject: RegExp, count: number) => mailsIn(smtp, subject, count);
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

  const familySign = (fields: Record<string, string>) => familySignAt(server.url, link, fields);

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
});
