import { html } from 'htm/react';
import type { ChangeEvent } from 'react';
import { INQUIRY_STATUSES, type InquiryStatus, statusLabels } from '../../../shared/sales';
import { inquiriesText } from '../../../ui/admin/admin-text';
import { Button } from '../../../ui/components/Button';
import * as field from '../../../ui/components/Field.css';
import { SEARCH_MAX_LENGTH } from '../inbox';
import * as styles from './InboxToolbar.css';
import { inboxText } from './inbox-text';

/** The select's value for "all puppies" and for "None specified" (a puppy's name is `p:` + name). */
const ALL = 'all';
const NONE = 'none';

const puppyFromSelect = (value: string): string | undefined =>
  value === ALL ? undefined : value === NONE ? '' : value.slice(2);

const selectFromPuppy = (puppy: string | undefined): string =>
  puppy === undefined ? ALL : puppy === '' ? NONE : `p:${puppy}`;

export interface InboxToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  puppy: string | undefined;
  onPuppy: (puppy: string | undefined) => void;
  /** Every puppy named in any inquiry (from the server). */
  puppies: readonly string[];
  status: InquiryStatus | undefined;
  onStatus: (status: InquiryStatus | undefined) => void;
  /** How many inquiries have each status (from the server). */
  statuses: Record<InquiryStatus, number>;
  onExport: () => void;
  exporting: boolean;
}

/**
 * "Search inquiries" (as you type), "Filter by puppy", "Filter by status" (each with its count)
 * and "Export CSV" of what they show.
 */
export function InboxToolbar(props: InboxToolbarProps) {
  return html`<div className=${styles.toolbar}>
    <div className=${`${field.field.admin} ${styles.search}`}>
      <label className=${field.label.admin} htmlFor="inbox-search">${inboxText.search}</label>
      <input
        id="inbox-search"
        type="search"
        className=${field.input.admin}
        value=${props.search}
        maxLength=${SEARCH_MAX_LENGTH}
        placeholder=${inboxText.searchPlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange=${(event: ChangeEvent<HTMLInputElement>) => props.onSearch(event.target.value)}
      />
    </div>
    <div className=${field.field.admin}>
      <label className=${field.label.admin} htmlFor="inbox-puppy">${inboxText.filter}</label>
      <select
        id="inbox-puppy"
        className=${`${field.input.admin} ${styles.select}`}
        value=${selectFromPuppy(props.puppy)}
        onChange=${(event: ChangeEvent<HTMLSelectElement>) => props.onPuppy(puppyFromSelect(event.target.value))}
      >
        <option value=${ALL}>${inboxText.allPuppies}</option>
        ${props.puppies.map((name) => html`<option key=${name} value=${`p:${name}`}>${name}</option>`)}
        <option value=${NONE}>${inquiriesText.noPuppy}</option>
      </select>
    </div>
    <div className=${field.field.admin}>
      <label className=${field.label.admin} htmlFor="inbox-status">${inboxText.filterStatus}</label>
      <select
        id="inbox-status"
        className=${`${field.input.admin} ${styles.select}`}
        value=${props.status ?? ALL}
        onChange=${(event: ChangeEvent<HTMLSelectElement>) =>
          props.onStatus(event.target.value === ALL ? undefined : (event.target.value as InquiryStatus))}
      >
        <option value=${ALL}>${inboxText.allStatuses}</option>
        ${INQUIRY_STATUSES.map(
          (status) =>
            html`<option key=${status} value=${status}>${inboxText.statusOption(statusLabels[status], props.statuses[status])}</option>`,
        )}
      </select>
    </div>
    <${Button} variant="outline" pending=${props.exporting} onClick=${props.onExport}>${inboxText.exportCsv}<//>
  </div>`;
}
