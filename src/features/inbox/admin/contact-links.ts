import type { Inquiry } from '../../../shared/api';
import { replyText } from './inbox-text';

/**
 * One-tap answers from the details dialog: a reply already addressed, titled and quoting the
 * family's message; a call or a text to the number they gave. Everything the family typed is
 * percent-encoded, so no field can add a header (`?bcc=`) or leave the URL.
 */

/** RFC 6068: the address with only what must be encoded (the @ stays readable to mail apps). */
const encodeAddress = (email: string) => encodeURIComponent(email).replace(/%40/g, '@');

export function quoteMessage(message: string): string {
  return message
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** `mailto:` with subject "Your inquiry about {puppy}" (or "Your puppy inquiry") and the quote. */
export function replyMailto(inquiry: Inquiry, receivedOn: string): string {
  const subject = inquiry.puppy ? replyText.subjectAbout(inquiry.puppy) : replyText.subjectGeneral;
  const firstName = inquiry.name.trim().split(/\s+/)[0] ?? inquiry.name;
  const body = `${replyText.greeting(firstName)}\n\n\n\n${replyText.wrote(receivedOn, inquiry.name)}\n${quoteMessage(inquiry.message)}\n`;
  // encodeURIComponent, not URLSearchParams: mail apps read "+" as a plus sign, not a space.
  return `mailto:${encodeAddress(inquiry.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The number as a dialer wants it: digits and a leading +, or null when too few digits to dial. */
export function dialable(phone: string | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}

export const telHref = (number: string) => `tel:${number}`;
export const smsHref = (number: string) => `sms:${number}`;
