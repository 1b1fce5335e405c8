import { html } from 'htm/react';
import * as card from '../../../ui/admin/Card.css';
import { familyText } from './text';
import { UpdatesPanel } from './UpdatesPanel';

const TITLE_ID = 'litter-updates-title';

/** On /admin/puppies: "Post an update" to every family of the litter (issue 28). */
export function LitterUpdatesCard() {
  return html`<section className=${card.card} aria-labelledby=${TITLE_ID}>
    <div className=${card.header}>
      <div>
        <h2 id=${TITLE_ID} className=${card.title}>${familyText.litterUpdatesTitle}</h2>
        <p className=${card.description}>${familyText.litterUpdatesIntro}</p>
      </div>
    </div>
    <div className=${card.content}><${UpdatesPanel} /></div>
  </section>`;
}
