import { html } from 'htm/react';
import * as card from '../../../ui/admin/Card.css';
import { familyText } from './family-text';
import { UpdatesPanel } from './UpdatesPanel';

/**
 * Inside a litter's card on /admin/litters: "Post an update" to that litter's families (its
 * reserved puppies' and its waitlist's, issue 27), and the updates posted to them.
 */
export function LitterUpdatesCard({ litterId, litterName }: { litterId: string; litterName: string }) {
  const titleId = `litter-${litterId}-updates`;
  return html`<section aria-labelledby=${titleId}>
    <h3 id=${titleId} className=${card.title}>${familyText.litterUpdatesTitle}</h3>
    <p className=${card.description}>${familyText.litterUpdatesIntro}</p>
    <${UpdatesPanel} litterId=${litterId} litterName=${litterName} />
  </section>`;
}
