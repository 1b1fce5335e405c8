import { html } from 'htm/react';
import type { Inquiry } from '../../../shared/api';
import { formatFull } from '../../../ui/admin/dates';
import * as button from '../../../ui/components/Button.css';
import { CopyEmailButton } from './CopyEmailButton';
import { dialable, replyMailto, smsHref, telHref } from './contact-links';
import { replyText } from './inbox-text';
import * as styles from './ReplyActions.css';

/**
 * In the details dialog: answer the family in one tap. A mail already addressed and quoting
 * them; a call or a text when they gave a number; their address on the clipboard.
 */
export function ReplyActions({ inquiry }: { inquiry: Inquiry }) {
  const number = dialable(inquiry.phone);
  return html`<div className=${styles.actions}>
    <a className=${button.button.primary} href=${replyMailto(inquiry, formatFull(inquiry.createdAt))}>${replyText.replyByEmail}</a>
    ${number && html`<a className=${button.button.outline} href=${telHref(number)}>${replyText.call}</a>`}
    ${number && html`<a className=${button.button.outline} href=${smsHref(number)}>${replyText.text}</a>`}
    <${CopyEmailButton} email=${inquiry.email} />
  </div>`;
}
