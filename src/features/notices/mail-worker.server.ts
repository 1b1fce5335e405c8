/**
 * The mail thread (decision 071): notices are composed and nodemailer runs here, so what
 * composing and sending allocate is collected in this thread's heap, never the main thread's. Started by createMailSender (mail-sender.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SmtpSettings } from '../../server/core/notify-config';
import {
  createDirectMailSender,
  type FromMailThread,
  handleInMailThread,
  type ToMailThread,
} from './mail-sender.server';

const port = parentPort;
if (!port) throw new Error('mail-worker.ts runs as a worker thread (see createMailSender)');
const sender = createDirectMailSender(workerData as SmtpSettings);

port.on('message', async (message: ToMailThread) => {
  if (message.type === 'close') {
    sender.close();
    port.close();
    return;
  }
  const outcome = await handleInMailThread(sender, message);
  port.postMessage({ id: message.id, outcome } satisfies FromMailThread);
});
