/**
 * The PDF thread (decision 130): pdfkit lays out the agreement here, so its CPU and garbage never
 * hold up the event loop that answers families (as the mail thread, decision 071). Started by
 * createPdfMaker (pdf-maker.server.ts).
 */
import { parentPort } from 'node:worker_threads';
import { makeContractPdf, type PdfInput } from './pdf.server';

const port = parentPort;
if (!port) throw new Error('pdf-worker.server.ts runs as a worker thread (see createPdfMaker)');

port.on('message', async (message: { id: number; input: PdfInput } | { type: 'close' }) => {
  if ('type' in message) {
    port.close();
    return;
  }
  try {
    const pdf = await makeContractPdf(message.input);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    port.postMessage({ id: message.id, pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ id: message.id, error: String((error as Error)?.message ?? error) });
  }
});
