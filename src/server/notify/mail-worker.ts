/**
 * The mail thread (decision 071): nodemailer runs here, so what sending allocates is collected in
 * this thread's heap, never the main thread's. Started by createMailSender (mail-sender.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SmtpSettings } from '../core/notify-config';
import { createDirectMailSender, type FromMailThread, type ToMailThread } from './mail-sender';

const port = parentPort;
if (!port) throw new Error('mail-worker.ts runs as a worker thread (see createMailSender)');
const sender = createDirectMailSender(workerData as SmtpSettings);

port.on('message', async (message: ToMailThread) => {
  if (message.type === 'close') {
    sender.close();
    port.close();
    return;
  }
  const outcome = message.type === 'send' ? await sender.send(message.mail) : await sender.verify();
  port.postMessage({ id: message.id, outcome } satisfies FromMailThread);
});
