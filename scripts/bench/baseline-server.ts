/**
 * A floor to measure the real server against: serves one file's bytes as text/html for every
 * request, in one of three ways, in its own process like the real server.
 *   node baseline-server.js <express-memory|express-static|node-http> <file>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';

const [mode, fileArg] = process.argv.slice(2);
if (!fileArg) throw new Error('usage: baseline-server <mode> <file>');
const file: string = fileArg;
const body = readFileSync(file);

function handler(): http.RequestListener {
  if (mode === 'node-http') {
    return (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    };
  }
  const app = express();
  if (mode === 'express-static') {
    const dir = path.dirname(file);
    const name = path.basename(file);
    app.use((req, _res, next) => {
      req.url = `/${name}`;
      next();
    });
    app.use(
      express.static(dir, { setHeaders: (res) => res.setHeader('Content-Type', 'text/html; charset=utf-8') }),
    );
  } else {
    app.get('/{*splat}', (_req, res) => {
      res.type('html').send(body);
    });
  }
  return app;
}

const server = http.createServer(handler());
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
