import { html } from 'htm/react';
import { Button } from '../../../ui/components/Button';
import * as card from './InquiriesCard.css';
import { inboxText } from './inbox-text';

/** The search and filter match nothing: say so, and offer the way back to every inquiry. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  return html`<div className=${card.empty}>
    <p className=${card.emptyTitle}>${inboxText.noMatches}</p>
    <${Button} variant="outline" onClick=${onClear}>${inboxText.clearSearch}<//>
  </div>`;
}
