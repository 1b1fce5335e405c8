import { html } from 'htm/react';
import type { Inquiry } from '../../../shared/api';
import { Button } from '../../components/Button';
import * as badge from '../Badge.css';
import { inquiriesText } from '../text';
import { formatDay, formatTime } from './dates';
import * as styles from './InquiryTable.css';

interface InquiryTableProps {
  inquiries: Inquiry[];
  onView: (inquiry: Inquiry) => void;
}

const { columns } = inquiriesText;

/** Every inquiry, in the order given (newest first). Visitor text is rendered as text, never as HTML. */
export function InquiryTable({ inquiries, onView }: InquiryTableProps) {
  return html`<div className=${styles.scroller} role="region" aria-label=${inquiriesText.tableRegion} tabIndex=${0}>
    <table className=${styles.table}>
      <caption className=${styles.caption}>${inquiriesText.caption}</caption>
      <thead>
        <tr>
          <th scope="col">${columns.date}</th>
          <th scope="col">${columns.name}</th>
          <th scope="col">${columns.email}</th>
          <th scope="col">${columns.puppy}</th>
          <th scope="col">${columns.actions}</th>
        </tr>
      </thead>
      <tbody>
        ${inquiries.map(
          (inquiry) => html`<tr key=${inquiry.id}>
            <td className=${styles.date}>
              <div>${formatDay(inquiry.createdAt)}</div>
              <div className=${styles.time}>${formatTime(inquiry.createdAt)}</div>
            </td>
            <td id=${`inquiry-${inquiry.id}-name`}>${inquiry.name}</td>
            <td className=${styles.email}>${inquiry.email}</td>
            <td>
              ${
                inquiry.puppy
                  ? html`<span className=${badge.badge}>${inquiry.puppy}</span>`
                  : html`<span className=${styles.none}>${inquiriesText.noPuppy}</span>`
              }
            </td>
            <td>
              <${Button} variant="outline" compact describedBy=${`inquiry-${inquiry.id}-name`} onClick=${() => onView(inquiry)}>
                ${inquiriesText.viewDetails}
              <//>
            </td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
