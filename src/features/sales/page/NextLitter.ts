import { html } from 'htm/react';
import type { NextLitterPage } from '../../../shared/page-state';
import { button } from '../../../ui/components/Button.css';
import { useContactState } from '../../../ui/landing/contact/contact-context';
import { inquireFromSection } from '../../../ui/landing/contact/InquireLink';
import { sectionIds } from '../../../ui/landing/landing-sections';
import * as layout from '../../../ui/landing/layout.css';
import { staticSection } from '../../../ui/landing/static-section';
import { usePageState } from '../../../ui/page-state-context';
import * as styles from './NextLitter.css';
import { nextLitterSection } from './next-litter-labels';

const HEADING_ID = `${sectionIds.nextLitter}-heading`;

/**
 * "Our Next Litter" (issue 20; one card per planned litter she shows since issue 27): its name,
 * expected date, parents and her description, and "Join the Waitlist", a link to the contact form
 * (so it works with scripts off) that, with scripts, also selects that litter's "Waitlist: {name}"
 * in the dropdown. Left out while she shows none. Static: rendered by the server only (see
 * server-html.ts); the links are handled on the section, each naming its choice.
 */
export function NextLitter() {
  const { inquire } = useContactState();
  const litters = usePageState().nextLitters;
  if (!litters) return null;
  return staticSection(
    sectionIds.nextLitter,
    layout.sectionAlt,
    SERVER_RENDER &&
      html`<div className=${layout.container}>
        <h2 id=${HEADING_ID} className=${layout.heading}>${nextLitterSection.heading}</h2>
        ${litters.map(card)}
      </div>`,
    inquireFromSection(inquire),
  );
}

/** Her words are text (React escapes them); a blank line starts a new paragraph. */
function card(litter: NextLitterPage, index: number) {
  const { expected, parents } = litter;
  const paragraphs = litter.description.split(/\n\s*\n/).filter((paragraph) => paragraph.trim());
  const nameId = `${sectionIds.nextLitter}-${index + 1}`;
  return html`<article key=${nameId} className=${styles.card} aria-labelledby=${nameId}>
    <h3 id=${nameId} className=${styles.name}>${litter.name}</h3>
    ${
      (expected || parents) &&
      html`<dl className=${styles.facts}>
        ${expected && html`<div className=${styles.fact}><dt className=${styles.label}>${nextLitterSection.expected}</dt><dd className=${styles.value}>${expected}</dd></div>`}
        ${parents && html`<div className=${styles.fact}><dt className=${styles.label}>${nextLitterSection.parents}</dt><dd className=${styles.value}>${parents}</dd></div>`}
      </dl>`
    }
    ${paragraphs.map((paragraph, i) => html`<p key=${i} className=${styles.paragraph}>${paragraph.trim()}</p>`)}
    <a href=${`#${sectionIds.contact}`} data-puppy=${litter.choice} className=${button.primary}
      aria-describedby=${nameId}>${nextLitterSection.cta}</a>
    ${
      // Issue 29: the application, a page of its own (no style of its own: the page's CSS is unchanged).
      litter.apply &&
      html`<a href=${litter.apply} className=${button.outline} aria-describedby=${nameId}>Apply for this litter</a>`
    }
  </article>`;
}
