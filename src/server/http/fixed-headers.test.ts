import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { captureHeaders } from './fixed-headers';

test('captures what helmet sets, as helmet sets it', () => {
  const headers = new Map(
    captureHeaders(helmet({ xFrameOptions: { action: 'deny' } }) as RequestHandler).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
  );
  assert.equal(headers.get('x-frame-options'), 'DENY');
  assert.equal(headers.get('x-content-type-options'), 'nosniff');
  assert.match(headers.get('content-security-policy') ?? '', /default-src 'self'/);
});

test('a header set twice is kept once, with the last value; a removed one is gone', () => {
  const middleware: RequestHandler = (_req, res, next) => {
    res.setHeader('X-One', 'a');
    res.setHeader('x-one', 'b');
    res.setHeader('X-Two', 'c');
    res.removeHeader('X-Two');
    next();
  };
  assert.deepEqual(captureHeaders(middleware), [['x-one', 'b']]);
});

test('refuses a middleware whose headers depend on the request', () => {
  const perRequest: RequestHandler = (req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=1');
    next();
  };
  assert.throws(() => captureHeaders(perRequest), /read req\.secure/);
});

test('refuses a middleware that does not continue at once', () => {
  const later: RequestHandler = (_req, _res, next) => {
    setImmediate(next);
  };
  assert.throws(() => captureHeaders(later), /did not continue/);
  const failing: RequestHandler = (_req, _res, next) => next(new Error('no'));
  assert.throws(() => captureHeaders(failing), /did not continue/);
});
