import { html } from 'htm/react';
import { statusLabels } from '../../../shared/sales';
import { inquiriesText } from '../../../ui/admin/admin-text';
import * as badge from '../../../ui/admin/Badge.css';
import { formatDay, formatTime } from '../../../ui/admin/dates';
import * as a11y from '../../../ui/components/a11y.css';
import { Button } from '../../../ui/components/Button';
import type { InboxItem } from '../inbox';
import * as styles from './InquiryTable.css';
import { inboxText } from './inbox-text';
import { NewBadge } from './NewBadge';
import { SpamReasons } from './Spam';

export interface InquiryTableProps {
  inquiries: readonly InboxItem[];
  onView: (inquiry: InboxItem) => void;
}

const { columns } = inquiriesText;

/**
 * The spec's table ("List of all inquiries": Date, Name, Email, Puppy, Actions), newest first,
 * with a "New" badge on each inquiry not yet opened. Visitor text is rendered as text, never HTML.
 */
export function InquiryTable({ inquiries, onView }: InquiryTableProps) {
  return html`<div className=${styles.scroller} role="region" aria-label=${inquiriesText.tableRegion} tabIndex=${0}>
    <table className=${styles.table}>
      <caption className=${styles.caption}>${inquiriesText.caption}</caption>
      <thead>
        <tr>
          <th scope="col">${columns.date}</th>
          <th scope="col">${columns.name}</th>
          <th scope="col" className=${styles.wide}>${columns.email}</th>
          <th scope="col">${columns.puppy}</th>
          <th scope="col" className=${styles.wide}>${columns.actions}</th>
        </tr>
      </thead>
      <tbody>
        ${inquiries.map((inquiry) => html`<${Row} key=${inquiry.id} inquiry=${inquiry} onView=${onView} />`)}
      </tbody>
    </table>
  </div>`;
}

function Row({ inquiry, onView }: { inquiry: InboxItem; onView: (inquiry: InboxItem) => void }) {
  const nameId = `inquiry-${inquiry.id}-name`;
  const isNew = inquiry.readAt === null;
  return html`<tr className=${isNew ? styles.unread : undefined} data-inquiry-id=${inquiry.id}>
    <td className=${styles.date}>
      <div>${formatDay(inquiry.createdAt)}</div>
      <div className=${styles.time}>${formatTime(inquiry.createdAt)}</div>
    </td>
    <td className=${styles.name}>
      <button type="button" className=${`${styles.nameButton} ${styles.narrowInline}`} onClick=${() => onView(inquiry)}>
        <span className=${a11y.visuallyHidden}>${inboxText.openDetails} </span>${inquiry.name}
      </button>
      <span id=${nameId} className=${styles.wideInline}>${inquiry.name}</span>
      ${isNew && html`<${NewBadge} />`}
      ${
        inquiry.sale.status !== 'new' &&
        html` <span className=${styles.statusBadge} data-testid="status-badge">${statusLabels[inquiry.sale.status]}</span>`
      }
      ${inquiry.spam && html`<${SpamReasons} reasons=${inquiry.spam.reasons} />`}
    </td>
    <td className=${`${styles.wide} ${styles.email}`}>${inquiry.email}</td>
    <td className=${styles.puppy}>
      ${
        inquiry.puppy
          ? html`<span className=${badge.badge}>${inquiry.puppy}</span>`
          : html`<span className=${styles.none}>${inquiriesText.noPuppy}</span>`
      }
    </td>
    <td className=${styles.wide}>
      <${Button} variant="outline" describedBy=${nameId} onClick=${() => onView(inquiry)}>
        ${inquiriesText.viewDetails}
      <//>
    </td>
  </tr>`;
}
