import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import type { TemplateState } from '../../src/features/contracts/contracts';
import type { FamilyState } from '../../src/features/family/family';
import type { LitterList } from '../../src/features/litters/litters';
import { NOT_STORED } from '../../src/server/http/errors';
import { fillDisk, mountSmallDisk, snapshot } from '../helpers/full-disk';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';

const run = promisify(execFile);

const LITTER = {
  name: 'Luna × Bentley',
  mother: 'Luna',
  father: 'Bentley',
  status: 'planned',
  expected: '2027-03',
  description: 'Cream and apricot puppies.',
  shown: true,
} as const;

/**
 * The features that came after the admin pipeline (issue 26): a litter's edit, a family's payment,
 * her contract template's draft and save. On a disk that refuses writes (full, then read-only)
 * each answers 503 with the one message that her change was not saved and why, nothing stored
 * changes, and the same change succeeds once the disk takes writes again, without a restart.
 * Real tmpfs, as full-disk-changes.test.ts.
 */
describe('a disk that refuses writes: litters, family payments, the contract template', () => {
  let disk: Awaited<ReturnType<typeof mountSmallDisk>>;
  let dataDir: string;
  let server: RunningServer;
  let admin: PuppyClient;
  let inquiryId: string;
  let reservationId: string;

  before(async () => {
    disk = await mountSmallDisk();
    dataDir = path.join(disk.dir, 'data');
    await mkdir(dataDir);
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
    const created = await postInquiry(server.url, uniqueInquiry('disk'));
    assert.equal(created.status, 201);
    inquiryId = ((await created.json()) as { id: string }).id;
    const daisy = await admin.find('Daisy');
    const reserved = await admin.send('POST', `/api/inquiries/${inquiryId}/reservation`, {
      puppyId: daisy.id,
      deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' },
    });
    assert.equal(reserved.status, 200, await reserved.clone().text());
    reservationId = ((await reserved.json()) as { reservation: { id: string } }).reservation.id;
    assert.equal((await admin.send('POST', '/api/litters', LITTER)).status, 201);
  });

  after(async () => {
    await server?.stop();
    await disk?.unmount();
  });

  async function json<T>(res: Response): Promise<T> {
    const text = await res.text();
    assert.equal(res.status, 200, text);
    return JSON.parse(text) as T;
  }
  const litter = async () => {
    const { litters } = await json<LitterList>(await admin.send('GET', '/api/litters'));
    const found = litters.find((item) => item.name === LITTER.name);
    assert.ok(found, 'the litter is listed');
    return found;
  };
  const template = async () => json<TemplateState>(await admin.send('GET', '/api/contracts/template'));

  /** A draft of her template, so that "Save" has one to save. */
  async function draft(words: string) {
    const state = await template();
    return admin.send('PUT', '/api/contracts/template/draft', {
      basedOn: state.basedOn,
      template: { ...state.template, text: `${state.template.text}\n\n${words}` },
    });
  }

  /** The changes, each sent as she would send it now. */
  async function changes(description: string): Promise<[string, Response][]> {
    const current = await litter();
    return [
      [
        'PUT /api/litters/:id',
        await admin.send('PUT', `/api/litters/${current.id}`, {
          ...LITTER,
          status: undefined,
          description,
          version: current.version,
        }),
      ],
      [
        'POST /api/reservations/:id/payments',
        await admin.send('POST', `/api/reservations/${reservationId}/payments`, {
          amount: '100',
          paidOn: '2026-11-25',
          method: 'Venmo',
        }),
      ],
      ['PUT /api/contracts/template/draft', await draft(description)],
      [
        'POST /api/contracts/template/save',
        await admin.send('POST', '/api/contracts/template/save', { basedOn: (await template()).basedOn }),
      ],
    ];
  }

  async function refusedAll(why: RegExp) {
    const stored = await snapshot(dataDir);
    for (const [name, res] of await changes('Refused by the disk.')) {
      assert.equal(res.status, 503, `${name}: ${await res.clone().text()}`);
      assert.deepEqual(await res.json(), { message: NOT_STORED }, name);
    }
    assert.deepEqual(await snapshot(dataDir), stored, 'nothing stored changed, no temp file left');
    assert.match(server.output(), why, 'the log says why');
  }

  test('a full disk: each answers 503 "not saved", nothing changes; with room again, no restart', async () => {
    // A draft stands before the disk fills: the save has one to refuse.
    assert.equal((await draft('Before the disk filled.')).status, 200);
    const filler = path.join(disk.dir, 'filler');
    await fillDisk(filler);
    await refusedAll(/ENOSPC/);
    await rm(filler);
    for (const [name, res] of await changes('Saved once there was room.'))
      assert.equal(res.status, 200, `${name}: ${await res.clone().text()}`);
    assert.equal((await litter()).description, 'Saved once there was room.');
    const state = await template();
    assert.equal(state.hasDraft, false, 'the template saved');
    assert.match(state.template.text, /Saved once there was room\.$/);
    const family = await json<FamilyState>(await admin.send('GET', `/api/inquiries/${inquiryId}/family`));
    assert.equal(family.money?.paidCents, 40000, 'the deposit and the payment made once there was room');
  });

  test('a read-only disk: the same 503 and message, nothing changes', async () => {
    assert.equal((await draft('Before the disk went read-only.')).status, 200);
    await run('mount', ['-o', 'remount,ro', disk.dir]);
    try {
      await refusedAll(/EROFS/);
    } finally {
      await run('mount', ['-o', 'remount,rw', disk.dir]);
    }
  });
});
