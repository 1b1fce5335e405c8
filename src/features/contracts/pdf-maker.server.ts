import { Worker } from 'node:worker_threads';
import type { PdfInput } from './pdf.server';

// The built server has the worker beside it as contract-pdf-worker.js; under tsx (tests, scripts)
// this module is the source file and the worker is pdf-worker.server.ts beside it (as the mail thread's).
const workerUrl = new URL(
  import.meta.url.endsWith('.ts') ? './pdf-worker.server.ts' : './contract-pdf-worker.js',
  import.meta.url,
);

/** A thread without work for this long is stopped; the next PDF starts a new one. */
const THREAD_IDLE_MS = 30_000;

export interface PdfMaker {
  make(input: PdfInput): Promise<Buffer>;
  close(): void;
}

/**
 * Makes PDFs in a worker thread of its own, one at a time (a signed contract is rare: a few a
 * month), so laying one out never blocks the requests of the main thread.
 */
export function createPdfMaker(): PdfMaker {
  let worker: Worker | null = null;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();
  const stop = () => {
    clearTimeout(idleTimer);
    const stopping = worker;
    worker = null;
    stopping?.postMessage({ type: 'close' });
    stopping?.unref();
  };
  const failAll = (reason: string) => {
    worker = null;
    for (const [id, call] of pending) {
      pending.delete(id);
      call.reject(new Error(reason));
    }
  };
  const thread = (): Worker => {
    if (worker) return worker;
    const started = workerUrl.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`,
          { eval: true },
        )
      : new Worker(workerUrl);
    started.on('message', (answer: { id: number; pdf?: Uint8Array; error?: string }) => {
      const call = pending.get(answer.id);
      if (!call) return;
      pending.delete(answer.id);
      if (pending.size === 0) {
        worker?.unref();
        clearTimeout(idleTimer);
        idleTimer = setTimeout(stop, THREAD_IDLE_MS).unref();
      }
      if (answer.pdf)
        call.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else call.reject(new Error(answer.error ?? 'the PDF thread failed'));
    });
    started.on('error', (error) => {
      if (worker === started) failAll(`the PDF thread failed: ${error.message}`);
    });
    started.on('exit', () => {
      if (worker === started) failAll('the PDF thread stopped');
    });
    worker = started;
    return started;
  };
  return {
    make(input) {
      const id = nextId;
      nextId += 1;
      clearTimeout(idleTimer);
      const target = thread();
      target.ref();
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        target.postMessage({ id, input });
      });
    },
    close: stop,
  };
}
