import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { InboxPage } from '../../src/features/inbox/inbox';
import { ADMIN, createAdmin, PASSWORD, signIn } from '../helpers/admin';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { puppyAdmin, visitorView } from '../helpers/puppies';
import { runServerExpectingFailure, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const NO_LIMIT = { INQUIRY_RATE_LIMIT: 'off' };

describe('sales.json durability', () => {
  const tempDataDir = suiteTempDirs('sales-durability');

  test('killed with SIGKILL while notes and statuses are written, it restarts with every acknowledged one', async () => {
    const dataDir = await tempDataDir();
    await createAdmin(dataDir, ADMIN, PASSWORD);
    const server = await startServer({ dataDir, env: NO_LIMIT });
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push((await (await postInquiry(server.url, uniqueInquiry(`k${i}`))).json()).id);

    const acknowledged: { id: string; text: string }[] = [];
    const statuses = new Map<string, string>();
    let killed = false;
    const post = (url: string, body: unknown) =>
      fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      });
    const worker = async (w: number) => {
      const id = ids[w % ids.length] as string;
      for (let i = 0; !killed; i += 1) {
        try {
          const text = `note ${w}-${i}`;
          if ((await post(`/api/inquiries/${id}/notes`, { text })).status === 200)
            acknowledged.push({ id, text });
          const status = i % 2 === 0 ? 'contacted' : 'closed';
          // One worker per inquiry changes its status, so the last acknowledged one is what must be stored.
          if (w < ids.length && (await post(`/api/inquiries/${id}/status`, { status })).status === 200)
            statuses.set(id, status);
        } catch {
          return; // the connection died with the server
        }
        if (acknowledged.length >= 120 && !killed) {
          killed = true;
          server.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 10 }, (_, w) => worker(w)));
    assert.equal(await server.stop(), null, 'the server died of the signal');

    // As a kill between open and rename leaves it.
    await writeFile(path.join(dataDir, '.sales.json.99999.deadbeef.tmp'), '{"version":1,"inq');
    const restarted = await startServer({ dataDir, env: NO_LIMIT });
    try {
      const again = await signIn(restarted.url, ADMIN, PASSWORD);
      const page: InboxPage = await (
        await fetch(`${restarted.url}/api/inbox`, { headers: { Cookie: again } })
      ).json();
      const notes = new Set(
        page.items.flatMap((item) => item.sale.notes.map((note) => `${item.id} ${note.text}`)),
      );
      const missing = acknowledged.filter(({ id, text }) => !notes.has(`${id} ${text}`));
      assert.deepEqual(missing, [], `${missing.length} of ${acknowledged.length} acknowledged notes lost`);
      assert.ok(statuses.size > 0, 'some status changes were acknowledged');
      for (const id of statuses.keys()) {
        // The last acknowledged status, or one sent after it that was written but not yet answered:
        // never the "New" it had before any change.
        assert.notEqual(page.items.find((item) => item.id === id)?.sale.status, 'new', id);
      }
      const leftovers = (await readdir(dataDir)).filter((name) => name.endsWith('.tmp'));
      assert.deepEqual(leftovers, [], 'temp files of the killed process are cleaned up');
    } finally {
      await restarted.stop();
    }
  });

  test('a reservation answered just before a SIGKILL is still held after the restart, on the public page too', async () => {
    const dataDir = await tempDataDir();
    const server = await startServer({ dataDir, env: NO_LIMIT });
    const admin = await puppyAdmin(server.url, dataDir);
    const id = (await (await postInquiry(server.url, uniqueInquiry('held'))).json()).id;
    const daisy = await admin.find('Daisy');
    const res = await admin.send('POST', `/api/inquiries/${id}/reservation`, {
      puppyId: daisy.id,
      deposit: { amount: '500', receivedOn: '2026-11-24', method: 'Venmo' },
    });
    assert.equal(res.status, 200);
    server.process.kill('SIGKILL');
    assert.equal(await server.stop(), null);

    const restarted = await startServer({ dataDir, env: NO_LIMIT });
    try {
      const again = await puppyAdmin(restarted.url, dataDir);
      const held = await (await again.send('GET', '/api/reservations')).json();
      assert.deepEqual(
        held.reservations.map((item: { puppyName: string; deposit: { cents: number } }) => [
          item.puppyName,
          item.deposit.cents,
        ]),
        [['Daisy', 50000]],
      );
      const view = await visitorView(restarted.url);
      assert.equal(view.$('[data-testid="reserved-badge"]').length, 1);
      assert.ok(!view.options.includes('Daisy'));
    } finally {
      await restarted.stop();
    }
  });

  test('a corrupt sales.json stops the server, naming the file, and is left untouched', async () => {
    const dataDir = await tempDataDir();
    const file = path.join(dataDir, 'sales.json');
    const content = '{"version":1,"inquiries":{"a":';
    await writeFile(file, content);
    const { code, output } = await runServerExpectingFailure({ DATA_DIR: dataDir });
    assert.notEqual(code, 0);
    assert.ok(output.includes(file), output);
    assert.equal(await readFile(file, 'utf8'), content);
  });
});
