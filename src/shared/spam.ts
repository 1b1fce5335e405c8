/**
 * Spam and scam triage as both sides see it (issue 32, decision 113): the calls, and the shape of
 * the form's timer; read by the inquiries (the form, the triage's routes) and the inbox (its Spam
 * screen). The rules themselves are the server's (src/features/inquiries/spam-rules.server.ts).
 */

/** GET /api/inquiries/form-timer answers this: sent back in the `X-Form-Timer` header. */
export interface FormTimerAnswer {
  timer: string;
}

export const FORM_TIMER_HEADER = 'X-Form-Timer';

export const spamApi = {
  formTimer: '/inquiries/form-timer',
  notSpam: (id: string) => `/api/inquiries/${encodeURIComponent(id)}/not-spam`,
  remove: (id: string) => `/api/inquiries/${encodeURIComponent(id)}`,
} as const;
