import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serverImports } from './check-browser-imports';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'browser-imports-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

test('the repository: no browser module imports a server-only one', () => {
  assert.deepEqual(serverImports(fileURLToPath(new URL('..', import.meta.url))), []);
});

test('a *.server.ts module reached from the browser entry, even through a dynamic import, is reported', () => {
  const root = tree({
    'src/client/main.ts': "import { a } from '../features/x/a';\nconst b = () => import('../features/x/b');",
    'src/features/x/a.ts': "export const a = 1;\nexport { s } from './secret.server';",
    'src/features/x/b.ts': "import '../../storage/disk';",
    'src/features/x/secret.server.ts': 'export const s = 2;',
    'src/storage/disk.ts': 'export {};',
  });
  try {
    assert.deepEqual(serverImports(root, ['src/client/main.ts']).sort(), [
      'src/features/x/a.ts -> src/features/x/secret.server.ts',
      'src/features/x/b.ts -> src/storage/disk.ts',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('type-only imports are erased, so they are allowed', () => {
  const root = tree({
    'src/client/main.ts':
      "import type { S } from '../features/x/secret.server';\nexport type { T } from '../server/t';",
    'src/features/x/secret.server.ts': 'export type S = 1;',
    'src/server/t.ts': 'export type T = 1;',
  });
  try {
    assert.deepEqual(serverImports(root, ['src/client/main.ts']), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
