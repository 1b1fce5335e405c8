import { html } from 'htm/react';
import { useState } from 'react';
import { APPLICATION_CHOICE_PREFIX } from '../../../shared/application-choice';
import type { InquiryStatus } from '../../../shared/sales';
import { cameFrom } from '../../../shared/visit-source';
import { detailsText } from '../../../ui/admin/admin-text';
import * as badge from '../../../ui/admin/Badge.css';
import { formatFull } from '../../../ui/admin/dates';
import { useAdminSlots } from '../../../ui/admin/slots';
import { Dialog } from '../../../ui/components/Dialog';
import type { InboxItem } from '../inbox';
import * as styles from './InquiryDetails.css';
import { ReplyActions } from './ReplyActions';
import { SpamActions } from './Spam';

const TITLE_ID = 'inquiry-details-title';

function Fact({ term, children }: { term: string; children: unknown }) {
  return html`<div className=${styles.fact}>
    <dt className=${styles.term}>${term}</dt>
    <dd className=${styles.value}>${children}</dd>
  </div>`;
}

/**
 * One inquiry in full: the phone and the puppy only when the visitor gave them; then where the
 * sale stands and the breeder's notes (changes are shown as soon as they are stored).
 */
export function InquiryDetails({ inquiry, onClose }: { inquiry: InboxItem; onClose: () => void }) {
  const [sale, setSale] = useState(inquiry.sale);
  const { InquiryNotice, InquirySale, InquiryApplication, InquiryAskToApply, FamilyQuestions } =
    useAdminSlots();
  return html`<${Dialog} labelledBy=${TITLE_ID} onClose=${onClose} className=${styles.panel}>
    <div className=${styles.header}>
      <h2 id=${TITLE_ID} className=${styles.title}>${detailsText.title}</h2>
      <button type="button" className=${styles.close} aria-label=${detailsText.close} onClick=${onClose}>×</button>
    </div>
    <p className=${styles.submitted}>${detailsText.submittedOn} ${formatFull(inquiry.createdAt)}</p>
    ${inquiry.source && html`<p className=${styles.cameFrom}>${detailsText.cameFrom} ${cameFrom(inquiry.source)}</p>`}
    <dl className=${styles.facts}>
      <${Fact} term=${detailsText.customer}>${inquiry.name}<//>
      <${Fact} term=${detailsText.email}>${inquiry.email}<//>
      ${inquiry.phone && html`<${Fact} term=${detailsText.phone}>${inquiry.phone}<//>`}
      ${
        inquiry.puppy &&
        html`<${Fact} term=${detailsText.puppy}><span className=${badge.badge}>${inquiry.puppy}</span><//>`
      }
    </dl>
    <h3 className=${styles.messageHeading}>${detailsText.message}</h3>
    <p className=${styles.message}>${inquiry.message}</p>
    ${inquiry.spam && html`<${SpamActions} inquiry=${inquiry} onDone=${onClose} />`}
    <${FamilyQuestions} inquiryId=${inquiry.id} />
    <${ReplyActions} inquiry=${inquiry} />
    <${InquiryNotice} inquiryId=${inquiry.id} />
    ${
      inquiry.puppy?.startsWith(APPLICATION_CHOICE_PREFIX)
        ? html`<${InquiryApplication} inquiryId=${inquiry.id} onStatus=${(status: InquiryStatus) => setSale((now) => ({ ...now, status }))} />`
        : html`<${InquiryAskToApply} inquiryId=${inquiry.id} onStatus=${(status: InquiryStatus) => setSale((now) => ({ ...now, status }))} />`
    }
    <${InquirySale} inquiryId=${inquiry.id} sale=${sale} onChange=${setSale} />
  <//>`;
}
