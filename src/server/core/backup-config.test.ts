import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('backup configuration', () => {
  test('defaults: beside DATA_DIR, at 03:00 in TZ, not encrypted, not off-site', () => {
    const { backup } = loadConfig({ DATA_DIR: '/srv/doodles/data', TZ: 'America/Denver' });
    assert.equal(backup.dir, '/srv/doodles/backups');
    assert.deepEqual(backup.time, { hour: 3, minute: 0, second: 0 });
    assert.equal(backup.timeZone, 'America/Denver');
    assert.equal(backup.passphrase, undefined);
    assert.equal(backup.s3, undefined);
  });

  test('reads every variable', () => {
    const { backup } = loadConfig({
      DATA_DIR: '/data',
      BACKUP_DIR: '/backups',
      BACKUP_TIME: '23:45:30',
      BACKUP_PASSPHRASE: 'burst-swarm-slender',
      BACKUP_S3_URL: 'https://K005abc:Sec%2Fret%2B@s3.us-west-004.backblazeb2.com/doodle-backups/site/daily/',
    });
    assert.equal(backup.dir, path.resolve('/backups'));
    assert.deepEqual(backup.time, { hour: 23, minute: 45, second: 30 });
    assert.equal(backup.passphrase, 'burst-swarm-slender');
    assert.deepEqual(backup.s3, {
      endpoint: 'https://s3.us-west-004.backblazeb2.com',
      region: 'us-west-004',
      bucket: 'doodle-backups',
      prefix: 'site/daily/',
      accessKeyId: 'K005abc',
      secretAccessKey: 'Sec/ret+',
    });
  });

  test('R2 and local S3 servers', () => {
    const encrypted = { BACKUP_PASSPHRASE: 'burst-swarm-slender' };
    const r2 = loadConfig({
      ...encrypted,
      BACKUP_S3_URL: 'https://id:secret@0123abc.r2.cloudflarestorage.com/doodles',
    });
    assert.equal(r2.backup.s3?.region, 'auto');
    assert.equal(r2.backup.s3?.prefix, '');
    for (const host of ['localhost:9000', '127.0.0.1:9000', '[::1]:9000'])
      assert.equal(
        loadConfig({ ...encrypted, BACKUP_S3_URL: `http://id:secret@${host}/doodles` }).backup.s3?.endpoint,
        `http://${host}`,
      );
  });

  test('bad values are refused, naming the variable and never repeating a secret', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ BACKUP_TIME: '3am' }, /BACKUP_TIME: expected a 24-hour time such as 03:00/],
      [{ BACKUP_TIME: '24:00' }, /BACKUP_TIME: expected a 24-hour time/],
      [{ BACKUP_PASSPHRASE: 'short' }, /BACKUP_PASSPHRASE: expected at least 12 characters/],
      [
        { BACKUP_S3_URL: 'http://id:topsecret@s3.example.com/bucket' },
        /BACKUP_S3_URL: .*http:\/\/ only for localhost/,
      ],
      [{ BACKUP_S3_URL: 'https://s3.example.com/bucket' }, /BACKUP_S3_URL: .*key id and secret are missing/],
      [{ BACKUP_S3_URL: 'https://id:topsecret@s3.example.com/' }, /BACKUP_S3_URL: .*bucket name/],
      [{ BACKUP_S3_URL: 'https://id:topsecret@s3.example.com/Bad_Bucket' }, /BACKUP_S3_URL: .*bucket name/],
      [{ BACKUP_S3_URL: 'ftp://id:topsecret@s3.example.com/bucket' }, /BACKUP_S3_URL: .*scheme ftp:/],
      [{ BACKUP_S3_URL: 'not a url topsecret' }, /BACKUP_S3_URL: .*not a URL/],
      [
        { DATA_DIR: '/data', BACKUP_DIR: '/data/backups' },
        /BACKUP_DIR: expected a directory outside DATA_DIR/,
      ],
      [{ DATA_DIR: '/data', BACKUP_DIR: '/data' }, /BACKUP_DIR: expected a directory outside DATA_DIR/],
      [
        { BACKUP_S3_URL: 'https://id:topsecret@s3.us-west-004.backblazeb2.com/bucket' },
        /BACKUP_PASSPHRASE: expected when BACKUP_S3_URL is set/,
      ],
    ];
    for (const [env, message] of cases) {
      const problems = problemsOf(env);
      assert.match(problems, message, JSON.stringify(env));
      assert.ok(!problems.includes('topsecret'), 'the secret is never repeated');
    }
    assert.equal(problemsOf({ DATA_DIR: '/data', BACKUP_DIR: '/data-backups' }), '');
  });
});
