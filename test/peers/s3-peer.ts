/**
 * A real S3-protocol server (s3rver) in its own process, for the backup upload tests (run with
 * `node --import tsx`). Arguments: PORT (0: any), DIR (where it keeps its buckets: a peer
 * restarted on the same DIR has the same objects), BUCKET (created at start). Its credentials are
 * s3rver's fixed S3RVER / S3RVER. Prints "listening PORT" once ready.
 */
import S3rver from 's3rver';

const [portArg = '0', dir = '.', bucket = 'doodle-backups'] = process.argv.slice(2);

const server = new S3rver({
  address: '127.0.0.1',
  port: Number(portArg),
  directory: dir,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
const address = (await server.run()) as { port: number };
console.log(`listening ${address.port}`);
process.once('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
