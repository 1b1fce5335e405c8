// Preloaded into the built server (NODE_OPTIONS=--import) by test/process/spam-erasure.test.ts:
// once the server gets SIGUSR2, it kills itself with SIGKILL just before the KILL_BEFORE_RENAME-th
// rename (1 = the first). A durable write is a temp file written and fsync'd, then renamed over
// its file, so a kill before each rename in turn leaves, one run after another, every state the
// disk can be in part-way through a sequence of writes, the temp file of the write cut off
// included. Arming is reported on stderr ("armed"), then each rename ("rename N: file").
import fs from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

const killAt = Number(process.env.KILL_BEFORE_RENAME);
if (killAt > 0) {
  let armed = false;
  let count = 0;
  process.on('SIGUSR2', () => {
    armed = true;
    process.stderr.write('armed\n');
  });
  const rename = fs.rename;
  fs.rename = async (from, to) => {
    if (armed) {
      count += 1;
      process.stderr.write(`rename ${count}: ${to}\n`);
      if (count === killAt) process.kill(process.pid, 'SIGKILL');
    }
    return rename(from, to);
  };
  // The server's `import { rename } from 'node:fs/promises'` sees the wrapper too.
  syncBuiltinESMExports();
}
