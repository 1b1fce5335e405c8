import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

/** What the site answered to GET /, per Accept-Encoding: the floors replay exactly this. */
export type RecordedAnswers = Record<
  'br' | 'identity',
  { status: number; headers: [string, string][]; bodyFile: string; bytes: number }
>;

/** Node adds these itself on every answer (the site's come from the same code path). */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function get(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: [string, string][]; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = res.rawHeaders;
          const pairs: [string, string][] = [];
          for (let i = 0; i < raw.length; i += 2) {
            const name = raw[i] ?? '';
            if (!perConnection.has(name.toLowerCase())) pairs.push([name, raw[i + 1] ?? '']);
          }
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/**
 * Records the site's answers to GET / with `Accept-Encoding: br` and with none, bytes and
 * headers as sent, into `dir`; returns the path of the spec the floors read.
 */
export async function recordLanding(
  url: string,
  dir: string,
): Promise<{ spec: string; answers: RecordedAnswers }> {
  const answers = {} as RecordedAnswers;
  for (const encoding of ['br', 'identity'] as const) {
    const answer = await get(`${url}/`, encoding === 'br' ? 'br' : undefined);
    if (answer.status !== 200) throw new Error(`GET / answered ${answer.status}`);
    const bodyFile = path.join(dir, `landing.${encoding}`);
    await writeFile(bodyFile, answer.body);
    answers[encoding] = {
      status: answer.status,
      headers: answer.headers,
      bodyFile,
      bytes: answer.body.length,
    };
  }
  const spec = path.join(dir, 'answers.json');
  await writeFile(spec, JSON.stringify(answers));
  return { spec, answers };
}
