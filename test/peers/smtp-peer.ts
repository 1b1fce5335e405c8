/**
 * A real SMTP server in its own process, for the notice tests (run with `node --import tsx`).
 * Arguments: PORT (0: any), OUT_DIR (each accepted message is written there as N.eml, whole and
 * then renamed, so a reader never sees half a file), ANSWERS (comma-separated codes for the end of
 * each message in turn, the last repeating: "250", "451,250", "550"; 0 never answers), and optionally USER:PASS to
 * require a sign-in. Prints "listening PORT" once ready.
 */
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const [portArg = '0', outDir = '.', answersArg = '250', credentials = ''] = process.argv.slice(2);
const answers = answersArg.split(',').map(Number);
const [user, pass] = credentials ? credentials.split(':') : [];
let messages = 0;
let accepted = 0;

const server = new SMTPServer({
  name: 'peer.test',
  // Plain text on loopback: no STARTTLS offered, so the client does not try it.
  disabledCommands: user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
  allowInsecureAuth: true,
  authOptional: !user,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === user && auth.password === pass) return callback(null, { user: auth.username });
    const error = Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 });
    return callback(error);
  },
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const code = answers[Math.min(messages, answers.length - 1)] ?? 250;
      messages += 1;
      // 0: never answer, like a server that hangs mid-send.
      if (code === 0) return;
      if (code !== 250) {
        const text = code >= 500 ? 'Mailbox unavailable: rejected by policy' : 'Try again later';
        return callback(Object.assign(new Error(text), { responseCode: code }));
      }
      accepted += 1;
      const file = path.join(outDir, `${String(accepted).padStart(4, '0')}.eml`);
      writeFile(`${file}.part`, Buffer.concat(chunks))
        .then(() => rename(`${file}.part`, file))
        .then(
          () => callback(null, `Message ${accepted} queued`),
          (error: Error) => callback(error),
        );
    });
  },
});

server.listen(Number(portArg), '127.0.0.1', () => {
  const address = server.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : portArg}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
