// Preloaded into the built server (NODE_OPTIONS=--import) by test/process/start-loads.test.ts:
// appends the URL of every module the server's main thread resolves to RECORD_LOADS.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const log = process.env.RECORD_LOADS;
if (log) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      appendFileSync(log, `${resolved.url}\n`);
      return resolved;
    },
  });
}
