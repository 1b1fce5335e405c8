import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createLogger } from './log';

function capture(level: 'info' | 'error' | 'silent') {
  const lines: string[] = [];
  const logger = createLogger(level, (line) => lines.push(line));
  return { logger, lines };
}

describe('log lines', () => {
  test('one JSON line per event: time (UTC, now), level, event, then the fields', () => {
    const { logger, lines } = capture('info');
    const before = Date.now();
    logger.info('request', { method: 'GET', path: '/', status: 200, ms: 0.25 });
    logger.error('shutdown failed');
    assert.equal(lines.length, 2);
    for (const line of lines) assert.ok(line.endsWith('}\n') && !line.slice(0, -1).includes('\n'));
    const [request, failed] = lines.map((line) => JSON.parse(line));
    assert.deepEqual(Object.keys(request), ['time', 'level', 'event', 'method', 'path', 'status', 'ms']);
    assert.deepEqual(
      { ...request, time: undefined },
      { time: undefined, level: 'info', event: 'request', method: 'GET', path: '/', status: 200, ms: 0.25 },
    );
    assert.match(request.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(Date.parse(request.time) >= before - 1 && Date.parse(request.time) <= Date.now());
    assert.deepEqual(
      { ...failed, time: undefined },
      { time: undefined, level: 'error', event: 'shutdown failed' },
    );
  });

  test('the time moves on between events', async () => {
    const { logger, lines } = capture('info');
    logger.info('a');
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.info('b');
    const [a, b] = lines.map((line) => Date.parse(JSON.parse(line).time));
    assert.ok((b ?? 0) - (a ?? 0) >= 4, `${a} then ${b}`);
  });

  test('control, bidi and line-separator characters cannot break or disguise a line', () => {
    const { logger, lines } = capture('info');
    const hostile = 'a\nb\r\u0007\u007f\u0085\u2028\u2029\u202e\u2066"},"level":"error';
    logger.info('request\u2028forged', { path: hostile, undefinedField: undefined });
    assert.equal(lines.length, 1);
    const line = lines[0] ?? '';
    for (const char of '\n\r\u0007\u007f\u0085\u2028\u2029\u202e\u2066')
      assert.ok(!line.slice(0, -1).includes(char), `U+${char.charCodeAt(0).toString(16)} escaped`);
    const parsed = JSON.parse(line);
    assert.equal(parsed.path, hostile, 'escaped, not lost');
    assert.equal(parsed.event, 'request\u2028forged');
    assert.equal(parsed.level, 'info');
    assert.ok(!('undefinedField' in parsed));
  });

  test('levels: info logs both, error only errors, silent nothing', () => {
    for (const [level, count] of [
      ['info', 2],
      ['error', 1],
      ['silent', 0],
    ] as const) {
      const { logger, lines } = capture(level);
      logger.info('i');
      logger.error('e');
      assert.equal(lines.length, count, level);
    }
  });
});
