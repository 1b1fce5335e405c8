import { createHmac } from 'node:crypto';
import type { Inquiry } from '../../shared/api';
import type { SendOutcome } from './retry-schedule.server';

const WEBHOOK_TIMEOUT_MS = 10_000;

/** The body, exactly as signed: absent optional fields are null so receivers see one shape. */
function webhookBody(inquiry: Inquiry): string {
  const { id, name, email, phone, puppy, message, createdAt } = inquiry;
  return JSON.stringify({
    type: 'inquiry.created',
    inquiry: { id, name, email, phone: phone ?? null, puppy: puppy ?? null, message, createdAt },
  });
}

/** "sha256=<hex>": HMAC-SHA256 of the raw body, the form GitHub's X-Hub-Signature-256 uses. */
function signature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * POSTs the inquiry. Any 2xx counts as delivered. Redirects are not followed: the body is signed
 * for the configured address, and a redirect could lead off https or to another host; the answer
 * says so and the operator sets the final address. Answers name the host only: a URL's path or
 * query often holds a token.
 */
export async function sendWebhook(
  webhook: { url: string; secret: string },
  inquiry: Inquiry,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  const body = webhookBody(inquiry);
  const host = new URL(webhook.url).host;
  const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  try {
    const response = await fetch(webhook.url, {
      method: 'POST',
      body,
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'SaguaroDoodles-Webhook/1',
        'X-Signature-256': signature(body, webhook.secret),
        // The same on every try: a receiver can drop a repeat.
        'X-Webhook-Id': inquiry.id,
      },
    });
    await response.body?.cancel().catch(() => {});
    const status = response.status;
    if (status >= 200 && status < 300) return { delivered: true, answer: `HTTP ${status} from ${host}` };
    if (status >= 300 && status < 400)
      return {
        delivered: false,
        permanent: true,
        answer: `HTTP ${status} from ${host}: redirects are not followed; set WEBHOOK_URL to the final address`,
      };
    const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
    return { delivered: false, permanent, answer: `HTTP ${status} from ${host}` };
  } catch (error) {
    if (timeout.aborted)
      return { delivered: false, permanent: false, answer: `no answer from ${host} within 10 s` };
    const cause = (error as { cause?: { code?: string } }).cause;
    const code = cause?.code ?? '';
    const answer =
      code === 'ECONNREFUSED'
        ? `connection refused at ${host}`
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? `host not found: ${host}`
          : `could not reach ${host}${code ? ` (${code})` : ''}`;
    return { delivered: false, permanent: false, answer };
  }
}
