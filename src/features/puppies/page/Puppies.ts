import { html } from 'htm/react';
import { Fragment } from 'react';
import type { ApplyLitter } from '../../../shared/page-puppies';
import { button } from '../../../ui/components/Button.css';
import { Icon } from '../../../ui/components/Icon';
import * as cards from '../../../ui/landing/cards.css';
import { InquireLink } from '../../../ui/landing/contact/InquireLink';
import { useServerContent } from '../../../ui/landing/content-context';
import { sectionIds } from '../../../ui/landing/landing-sections';
import * as layout from '../../../ui/landing/layout.css';
import { byLitter } from '../../../ui/landing/litter-groups';
import * as groups from '../../../ui/landing/litter-groups.css';
import { usePagePuppies } from '../../../ui/landing/use-page-puppies';
import { usePageState } from '../../../ui/page-state-context';
import { serverHtml } from '../../../ui/server-html';
import * as styles from './Puppies.css';
import { PuppyCard } from './PuppyCard';
import { nextLitterPointer, puppiesSection } from './puppy-labels';

const HEADING_ID = 'puppies-heading';
const LIMITED_HEADING_ID = 'limited-heading';
// The section's words (the intro, or the line for none, and the panel's heading and text) change
// only with a publish, which renders the page again: rendered by the server only (server-html.ts).
const intro = () => document.getElementById(HEADING_ID)?.nextElementSibling;
const limitedText = () => document.getElementById(LIMITED_HEADING_ID)?.nextElementSibling;

/** The available puppies; with none, a line saying so and the inquiry panel, never an empty grid. */
export function Puppies() {
  const site = useServerContent();
  const { available, litters, apply } = usePagePuppies();
  const panel = html`<aside className=${`${styles.limited} ${layout.onDark}`} aria-labelledby=${LIMITED_HEADING_ID}>
    <${Icon} name="clock" size=${32} className=${cards.icon} />
    <h3
      id=${LIMITED_HEADING_ID}
      className=${styles.limitedHeading}
      ...${SERVER_RENDER ? { children: site.puppies.limitedHeading } : serverHtml(LIMITED_HEADING_ID)}
    />
    <p ...${SERVER_RENDER ? { children: site.puppies.limitedText } : serverHtml(limitedText)} />
    <${InquireLink} className=${button.light}>${puppiesSection.limitedCta}<//>
  </aside>`;
  return html`<section id=${sectionIds.puppies} tabIndex=${-1} className=${layout.section} aria-labelledby=${HEADING_ID}>
    <div className=${layout.container}>
      <h2 id=${HEADING_ID} className=${layout.heading}>${puppiesSection.heading}</h2>
      ${
        available.length === 0
          ? html`<p className=${layout.intro} ...${SERVER_RENDER ? { children: html`<${NoneLine} text=${site.puppies.none} />` } : serverHtml(intro)} />${panel}`
          : html`<p className=${layout.intro} ...${SERVER_RENDER ? { children: site.puppies.intro } : serverHtml(intro)} />
            ${
              litters
                ? html`${byLitter(available, litters, (list) => html`<div className=${styles.grid}>${list.map((puppy) => html`<${PuppyCard} key=${puppy.name} puppy=${puppy} />`)}</div>`)}
                  <div className=${styles.grid}>${panel}</div>`
                : html`<div className=${styles.grid}>
                  ${available.map((puppy) => html`<${PuppyCard} key=${puppy.name} puppy=${puppy} />`)}
                  ${panel}
                </div>`
            }`
      }
      ${
        // Issue 29: rendered by the server only; the browser keeps its HTML (no text, no code).
        apply &&
        html`<div id=${APPLY_ID} ...${SERVER_RENDER ? { children: apply.map(applyCard) } : serverHtml(APPLY_ID)} />`
      }
    </div>
  </section>`;
}

const APPLY_ID = 'puppies-apply';

/** A born litter taking applications: its name and "Apply for this litter" (a litter group's look). */
function applyCard(litter: ApplyLitter, index: number) {
  const nameId = `${APPLY_ID}-${index + 1}`;
  return html`<div key=${nameId} className=${groups.group}>
    <h3 id=${nameId} className=${groups.name}>${litter.name}</h3>
    <p><a href=${litter.href} className=${button.outline} aria-describedby=${nameId}>Apply for this litter</a></p>
  </div>`;
}

/**
 * The line for none, and while the next litter is shown a sentence with a link to it (issue 20).
 * It changes only when the page is rendered again: rendered by the server only (server-html.ts).
 */
function NoneLine({ text }: { text: string }) {
  const shown = usePageState().nextLitters;
  return html`<${Fragment}>${text}${shown && html`<${Fragment}> ${nextLitterPointer.text}<a href=${`#${sectionIds.nextLitter}`}>${nextLitterPointer.link}</a>.<//>`}<//>`;
}
