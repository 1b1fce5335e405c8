import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deviceName } from './device-name.server';

test('user agents in plain words', () => {
  const cases: [string, string][] = [
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      'Chrome on Mac',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      'Chrome on Android phone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
      'Firefox on Windows',
    ],
    ['', 'Unknown browser'],
    ['curl/8.5.0', 'Unknown browser'],
    // bowser's fallback is the user agent's first word: never shown, nor any other piece of it.
    ['Mozilla/5.0 (compatible; Foo/1.0)', 'Unknown browser'],
    ['Mozilla/5.0 (X11; Linux x86_64)', 'Unknown browser'],
    ['<img src=x onerror=alert(1)>/1.0 (x)', 'Unknown browser'],
    ['EvilApp/3.2 (iPhone; iOS 17.0)', 'Unknown browser'],
    ['x'.repeat(600), 'Unknown browser'],
    ['Mozilla/5.0 (Linux; U; Android 13; Nokia 9000) Chrome/120.0 Mobile', 'Chrome on Android phone'],
  ];
  for (const [ua, expected] of cases) assert.equal(deviceName(ua), expected, ua);
});
