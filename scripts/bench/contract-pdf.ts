/**
 * `npm run bench -- contracts`: do other requests keep their speed while signed contracts' PDFs
 * are made (issue 30)? The built server (pinned to one core) answers wrk's `GET /` (10
 * connections, one thread on the other core) in rounds of 3 s, alternately quiet and while the
 * bench makes PDFs back to back through the API (send, the family signs, she countersigns — the
 * PDF is made in its thread before her answer —, void, again). The p99 of every request of each
 * mode, pooled, is compared; the time one PDF takes when made in this process is printed beside
 * it: what each would have held the event loop had it been made on the main thread.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { makeContractPdf } from '../../src/features/contracts/pdf.server';
import { ADMIN, createAdmin, PASSWORD, signIn } from '../../test/helpers/admin';
import { startSite } from './processes';
import { percentile } from './stats';
import type { Check, Row, Scenario } from './types';
import { mergeRounds, pooledPercentile, toRow, wrk } from './wrk';

const ROUNDS = 4;
const SECONDS = 3;
/** The p99 under PDFs may be at most this much of the quiet one (and 5 ms more, for a noisy machine). */
const MAX_RATIO = 1.5;

async function drawnSignature(): Promise<string> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="700" height="250"><path d="M20 200 C 120 20, 220 240, 320 60 S 520 200, 680 40" stroke="#111" stroke-width="6" fill="none"/></svg>';
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

export const contractPdfs: Scenario = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-bench-contracts-'));
  const site = await startSite(dataDir);
  try {
    await createAdmin(dataDir, ADMIN, PASSWORD);
    const cookie = await signIn(site.url, ADMIN, PASSWORD);
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${site.url}${url}`, {
        method,
        headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const inquiry = await fetch(`${site.url}/api/inquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench Family Ивáнова',
        email: 'bench@example.com',
        message: 'We would love to meet Daisy soon, thank you!',
      }),
    });
    const { id: inquiryId } = (await inquiry.json()) as { id: string };
    const { puppies } = (await api('GET', '/api/puppies')) as { puppies: { id: string; name: string }[] };
    const reserved = (await api('POST', `/api/inquiries/${inquiryId}/reservation`, {
      puppyId: puppies.find((puppy) => puppy.name === 'Daisy')?.id,
    })) as { reservation: { id: string } };
    const image = await drawnSignature();

    /** One signed contract: its PDF made in the PDF thread before the countersignature's answer. */
    const signedContract = async () => {
      const sent = (await api('POST', `/api/reservations/${reserved.reservation.id}/contract`)) as {
        id: string;
        link: string;
        textHash: string;
      };
      const family = await fetch(`${site.url}${sent.link}/sign`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          consent: 'yes',
          name: 'Bench Family',
          method: 'drawn',
          image,
          textHash: sent.textHash,
        }),
      });
      if (family.status !== 303) throw new Error(`the family's signature: ${family.status}`);
      const started = performance.now();
      const signed = (await api('POST', `/api/contracts/${sent.id}/sign`, {
        consent: true,
        name: 'Ann Breeder',
        method: 'drawn',
        image,
        textHash: sent.textHash,
      })) as { pdf: unknown };
      if (!signed.pdf) throw new Error('no PDF was made');
      const ms = performance.now() - started;
      await api('POST', `/api/contracts/${sent.id}/void`, { reason: 'bench' });
      return ms;
    };
    await signedContract(); // warms the PDF thread's first start

    const quiet = [];
    const busy = [];
    const countersignMs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      quiet.push(await wrk({ url: `${site.url}/`, connections: 10, seconds: SECONDS, histogram: true }));
      let stop = false;
      const making = (async () => {
        while (!stop) countersignMs.push(await signedContract());
      })();
      busy.push(await wrk({ url: `${site.url}/`, connections: 10, seconds: SECONDS, histogram: true }));
      stop = true;
      await making;
    }

    // What one PDF costs on a thread: the stall each would have been on the main thread.
    const inProcess: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await makeContractPdf({
        contractId: '00000000-0000-4000-8000-000000000000',
        title: 'Puppy Sales Agreement',
        text: 'The agreement’s text. '.repeat(400),
        textHash: 'a'.repeat(64),
        kennel: 'Saguaro Doodles',
        timeZone: 'America/Phoenix',
        signatures: [
          {
            role: 'Buyer',
            name: 'Bench Family',
            signedAt: new Date().toISOString(),
            method: 'drawn',
            image: image.split(',')[1] ?? '',
            ip: '127.0.0.1',
            browser: 'Chrome on Linux',
            email: 'bench@example.com',
            textHash: 'a'.repeat(64),
          },
          {
            role: 'Breeder',
            name: 'Ann Breeder',
            signedAt: new Date().toISOString(),
            method: 'typed',
            ip: '127.0.0.1',
            browser: 'Chrome on Linux',
            email: ADMIN,
            textHash: 'a'.repeat(64),
          },
        ],
      });
      inProcess.push(performance.now() - started);
    }

    const quietP99 = pooledPercentile(quiet, 99);
    const busyP99 = pooledPercentile(busy, 99);
    const rows: Row[] = [
      toRow('GET / quiet (contracts bench)', mergeRounds(quiet)),
      toRow('GET / while PDFs are made', mergeRounds(busy), `${countersignMs.length} PDFs`),
    ];
    const checks: Check[] = [
      {
        name: `contracts: GET / p99 while PDFs are made ≤ ${MAX_RATIO * 100}% of quiet + 5 ms`,
        ok: busyP99 <= quietP99 * MAX_RATIO + 5,
        detail: `${busyP99.toFixed(1)} ms vs ${quietP99.toFixed(1)} ms quiet (${countersignMs.length} PDFs made in ${ROUNDS} × ${SECONDS} s)`,
      },
      {
        name: 'contracts: PDFs were made during the measured rounds',
        ok: countersignMs.length >= ROUNDS,
        detail: `${countersignMs.length}`,
      },
    ];
    const notes = [
      `contracts: "Sign as breeder" answered in p50 ${percentile(countersignMs, 50).toFixed(0)} ms, p99 ${percentile(countersignMs, 99).toFixed(0)} ms (PDF made in its thread and stored before the answer); one PDF made in this process takes ${percentile(inProcess, 50).toFixed(0)} ms (median of 5): the stall each would have been on the main thread.`,
    ];
    return { rows, checks, notes };
  } finally {
    await site.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};
