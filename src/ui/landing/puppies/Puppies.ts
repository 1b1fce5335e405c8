import { html } from 'htm/react';
import { puppiesSection, sectionIds } from '../../../shared/content';
import { button } from '../../components/Button.css';
import { Icon } from '../../components/Icon';
import * as cards from '../cards.css';
import { InquireLink } from '../contact/InquireLink';
import * as layout from '../layout.css';
import { usePagePuppies } from '../page-puppies';
import { useClientContent } from '../site-content';
import * as styles from './Puppies.css';
import { PuppyCard } from './PuppyCard';

const HEADING_ID = 'puppies-heading';

/** The available puppies; with none, a line saying so and the inquiry panel, never an empty grid. */
export function Puppies() {
  const { limited } = puppiesSection;
  const { puppies: words } = useClientContent();
  const { available } = usePagePuppies();
  const panel = html`<aside className=${`${styles.limited} ${layout.onDark}`} aria-labelledby="limited-heading">
    <${Icon} name="clock" size=${32} className=${cards.icon} />
    <h3 id="limited-heading" className=${styles.limitedHeading}>${words.limitedHeading}</h3>
    <p>${words.limitedText}</p>
    <${InquireLink} className=${button.light}>${limited.cta}<//>
  </aside>`;
  return html`<section id=${sectionIds.puppies} tabIndex=${-1} className=${layout.section} aria-labelledby=${HEADING_ID}>
    <div className=${layout.container}>
      <h2 id=${HEADING_ID} className=${layout.heading}>${puppiesSection.heading}</h2>
      ${
        available.length === 0
          ? html`<p className=${layout.intro}>${words.none}</p>${panel}`
          : html`<p className=${layout.intro}>${words.intro}</p>
            <div className=${styles.grid}>
              ${available.map((puppy) => html`<${PuppyCard} key=${puppy.name} puppy=${puppy} />`)}
              ${panel}
            </div>`
      }
    </div>
  </section>`;
}
