import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/**
 * The new password: on a terminal, asked for twice without echo; otherwise the first line of
 * standard input (for scripts and containers). Prompts go to stderr, so stdout carries only the
 * result.
 */
export async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await askHidden('Password: ');
    const second = await askHidden('Repeat the password: ');
    if (first !== second) throw new Error('The passwords do not match. Nothing was changed.');
    return first;
  }
  const line = await readFirstLine(process.stdin);
  if (line === '')
    throw new Error('No password was given: the first line of standard input is the password.');
  return line;
}

/** Asks on the terminal while swallowing everything readline would echo after the prompt. */
function askHidden(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stderr.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    rl.once('SIGINT', () => {
      rl.close();
      process.stderr.write('\n');
      reject(new Error('Cancelled. Nothing was changed.'));
    });
    rl.question(prompt, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readFirstLine(input: NodeJS.ReadStream): Promise<string> {
  input.setEncoding('utf8');
  let text = '';
  for await (const chunk of input) {
    text += chunk;
    if (text.includes('\n')) break;
  }
  return (text.split('\n')[0] ?? '').replace(/\r$/, '');
}
