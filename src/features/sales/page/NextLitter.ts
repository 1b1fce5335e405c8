import { html } from 'htm/react';
import { NEXT_LITTER_CHOICE, nextLitterSection, sectionIds } from '../../../shared/content';
import type { NextLitterPage } from '../../../shared/page-state';
import { button } from '../../../ui/components/Button.css';
import { useContactState } from '../../../ui/landing/contact/contact-context';
import { InquireLink, inquireFromSection } from '../../../ui/landing/contact/InquireLink';
import * as layout from '../../../ui/landing/layout.css';
import { staticSection } from '../../../ui/landing/static-section';
import { usePageState } from '../../../ui/page-state';
import * as styles from './NextLitter.css';

const HEADING_ID = `${sectionIds.nextLitter}-heading`;

/**
 * "Our Next Litter" (issue 20): the breeder's expected date, the parents and her description,
 * and "Join the Waitlist", a link to the contact form (so it works with scripts off) that, with
 * scripts, also selects "Next litter (waitlist)" in the dropdown. Left out while she hides it.
 * Static: rendered by the server only (see server-html.ts); the link is handled on the section.
 */
export function NextLitter() {
  const { inquire } = useContactState();
  const next = usePageState().nextLitter;
  if (!next) return null;
  return staticSection(
    sectionIds.nextLitter,
    layout.sectionAlt,
    SERVER_RENDER && body(next),
    inquireFromSection(inquire, NEXT_LITTER_CHOICE),
  );
}

/** Her words are text (React escapes them); a blank line starts a new paragraph. */
function body(next: NextLitterPage) {
  const { expected, parents } = next;
  const paragraphs = next.description.split(/\n\s*\n/).filter((paragraph) => paragraph.trim());
  return html`<div className=${layout.container}>
      <h2 id=${HEADING_ID} className=${layout.heading}>${nextLitterSection.heading}</h2>
      <div className=${styles.card}>
        ${
          (expected || parents) &&
          html`<dl className=${styles.facts}>
            ${expected && html`<div className=${styles.fact}><dt className=${styles.label}>${nextLitterSection.expected}</dt><dd className=${styles.value}>${expected}</dd></div>`}
            ${parents && html`<div className=${styles.fact}><dt className=${styles.label}>${nextLitterSection.parents}</dt><dd className=${styles.value}>${parents}</dd></div>`}
          </dl>`
        }
        ${paragraphs.map((paragraph, i) => html`<p key=${i} className=${styles.paragraph}>${paragraph.trim()}</p>`)}
        <${InquireLink} puppy=${NEXT_LITTER_CHOICE} className=${button.primary}>${nextLitterSection.cta}<//>
      </div>
    </div>`;
}
