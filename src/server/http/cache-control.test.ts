import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Request, Response } from 'express';
import { cacheControl, privateByDefault } from './cache-control';

test('a shared cache may keep only the public page and public files', () => {
  for (const [name, value] of Object.entries(cacheControl)) {
    const shared = value.startsWith('public');
    assert.equal(shared, name !== 'privateNoStore', `${name}: ${value}`);
    if (!shared) assert.match(value, /\bno-store\b/);
  }
});

test('the public page is revalidated by browsers and kept by a CDN for at most two minutes', () => {
  const directives = Object.fromEntries(
    cacheControl.publicPage.split(', ').map((part) => {
      const [name, value] = part.split('=');
      return [name, value === undefined ? true : Number(value)];
    }),
  );
  assert.equal(directives['max-age'], 0);
  assert.ok(Number(directives['s-maxage']) + Number(directives['stale-while-revalidate']) <= 120);
});

test('privateByDefault marks the answer private, no-store and continues', () => {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name, value) } as unknown as Response;
  let continued = false;
  privateByDefault({} as Request, res, () => {
    continued = true;
  });
  assert.equal(headers.get('Cache-Control'), 'private, no-store');
  assert.ok(continued);
});
