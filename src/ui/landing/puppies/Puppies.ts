import { html } from 'htm/react';
import { availablePuppies, puppiesSection, sectionIds } from '../../../shared/content';
import { button } from '../../components/Button.css';
import { Icon } from '../../components/Icon';
import * as cards from '../cards.css';
import { InquireLink } from '../contact/InquireLink';
import * as layout from '../layout.css';
import * as styles from './Puppies.css';
import { PuppyCard } from './PuppyCard';

const HEADING_ID = 'puppies-heading';

export function Puppies() {
  const { limited } = puppiesSection;
  return html`<section id=${sectionIds.puppies} tabIndex=${-1} className=${layout.section} aria-labelledby=${HEADING_ID}>
    <div className=${layout.container}>
      <h2 id=${HEADING_ID} className=${layout.heading}>${puppiesSection.heading}</h2>
      <p className=${layout.intro}>${puppiesSection.intro}</p>
      <div className=${styles.grid}>
        ${availablePuppies.map((puppy) => html`<${PuppyCard} key=${puppy.name} puppy=${puppy} />`)}
        <aside className=${`${styles.limited} ${layout.onDark}`} aria-labelledby="limited-heading">
          <${Icon} name="clock" size=${32} className=${cards.icon} />
          <h3 id="limited-heading" className=${styles.limitedHeading}>${limited.heading}</h3>
          <p>${limited.text}</p>
          <${InquireLink} className=${button.light}>${limited.cta}<//>
        </aside>
      </div>
    </div>
  </section>`;
}
