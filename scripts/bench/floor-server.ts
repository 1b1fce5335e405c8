/**
 * A floor to measure the site against: answers GET / with the status, headers and body bytes
 * recorded from the site itself (see recorded-answer.ts), precomputed, written with
 * writeHead/end: the least any server can do to send the same answer.
 *   node --import tsx floor-server.ts <express|node-http> <answers.json>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { RecordedAnswers } from './recorded-answer';

const [mode, specFile] = process.argv.slice(2);
if (!specFile || (mode !== 'express' && mode !== 'node-http'))
  throw new Error('usage: floor-server <express|node-http> <answers.json>');
const spec = JSON.parse(readFileSync(specFile, 'utf8')) as RecordedAnswers;
const answers = Object.fromEntries(
  Object.entries(spec).map(([encoding, answer]) => [
    encoding,
    { status: answer.status, headers: answer.headers.flat(), body: readFileSync(answer.bodyFile) },
  ]),
);
const br = answers.br;
const identity = answers.identity;
if (!br || !identity) throw new Error('answers.json needs a br and an identity answer');

const send = (req: http.IncomingMessage, res: http.ServerResponse) => {
  const answer = req.headers['accept-encoding']?.includes('br') ? br : identity;
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
};

let listener: http.RequestListener = send;
if (mode === 'express') {
  const app = express();
  app.disable('x-powered-by');
  app.get('/', send);
  listener = app;
}

const server = http.createServer(listener);
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
