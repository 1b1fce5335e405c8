/**
 * `npm run dev`'s reload endpoint exists only in the development build: the production build (the
 * one under test) neither answers it with an event stream nor carries its code.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { DEV_RELOAD_PATH } from '../../src/shared/dev-reload-path';
import { distDir } from '../helpers/server';
import { suiteServer } from '../helpers/suite';

describe('the development reload endpoint in a production build', () => {
  const server = suiteServer();

  test(`GET ${DEV_RELOAD_PATH} is an ordinary 404 page, not an event stream`, async () => {
    const res = await fetch(`${server.url}${DEV_RELOAD_PATH}`, { headers: { Accept: 'text/event-stream' } });
    assert.equal(res.status, 404);
    assert.doesNotMatch(res.headers.get('content-type') ?? '', /event-stream/);
    await res.arrayBuffer();
  });

  test('neither the server bundle nor any browser script contains its code', async () => {
    const assets = path.join(distDir, 'public/assets');
    const scripts = (await readdir(assets, { recursive: true })).filter((file) => file.endsWith('.js'));
    assert.ok(scripts.length > 0, 'the build has browser scripts');
    const bundles = [path.join(distDir, 'server/main.js'), ...scripts.map((file) => path.join(assets, file))];
    for (const bundle of bundles) {
      const code = await readFile(bundle, 'utf8');
      assert.equal(
        code.includes(DEV_RELOAD_PATH),
        false,
        `${path.relative(distDir, bundle)} has the endpoint`,
      );
      assert.equal(code.includes('text/event-stream'), false, path.relative(distDir, bundle));
      assert.equal(code.includes('EventSource'), false, path.relative(distDir, bundle));
    }
  });
});
