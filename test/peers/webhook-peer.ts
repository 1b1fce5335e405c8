/**
 * A webhook receiver in its own process (run with `node --import tsx`): checks X-Signature-256
 * against SECRET over the raw body, answers with the next of ANSWERS (comma-separated statuses,
 * the last repeating), and writes each request it got to OUT_DIR as N.json: the headers, the raw
 * body and whether the signature was right. Prints "listening PORT" once ready.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const [portArg = '0', outDir = '.', answersArg = '204', secret = ''] = process.argv.slice(2);
const answers = answersArg.split(',').map(Number);
let requests = 0;

function signatureValid(body: Buffer, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const status = answers[Math.min(requests, answers.length - 1)] ?? 204;
    requests += 1;
    const signed = signatureValid(body, req.headers['x-signature-256'] as string | undefined);
    const record = {
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: body.toString('utf8'),
      signed,
      status,
    };
    const file = path.join(outDir, `${String(requests).padStart(4, '0')}.json`);
    writeFile(`${file}.part`, JSON.stringify(record))
      .then(() => rename(`${file}.part`, file))
      .then(() => {
        // A wrong signature is refused, as a real receiver would.
        res.writeHead(
          signed ? status : 401,
          status >= 300 && status < 400 ? { Location: 'https://example.com/' } : {},
        );
        res.end();
      });
  });
});

server.listen(Number(portArg), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : portArg}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
