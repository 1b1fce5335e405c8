import { html } from 'htm/react';
import type { PageContent } from '../../../../shared/page-content';
import { Icon } from '../../../../ui/components/Icon';
import { useServerContent } from '../../../../ui/landing/content-context';
import { sectionIds } from '../../../../ui/landing/landing-sections';
import * as layout from '../../../../ui/landing/layout.css';
import { staticSection } from '../../../../ui/landing/static-section';
import * as styles from './WhyChoose.css';

const HEADING_ID = `${sectionIds.whyChoose}-heading`;

/** Static: rendered by the server only (see server-html.ts). */
export function WhyChoose() {
  const site = useServerContent();
  return staticSection(sectionIds.whyChoose, layout.section, SERVER_RENDER && body(site.why));
}

function body(whyChoose: PageContent['why']) {
  const { story } = whyChoose;
  return html`<div className=${layout.container}>
      <h2 id=${HEADING_ID} className=${layout.heading}>${whyChoose.heading}</h2>
      <p className=${layout.intro}>${whyChoose.intro}</p>
      <ul className=${styles.features}>
        ${whyChoose.features.map(
          (feature, i) => html`<li key=${i} className=${styles.feature}>
            <span className=${styles.iconWrap}><${Icon} name=${feature.icon} size=${28} /></span>
            <h3 className=${styles.featureTitle}>${feature.title}</h3>
            <p className=${styles.featureText}>${feature.description}</p>
          </li>`,
        )}
      </ul>
      <figure className=${styles.story}>
        <h3 className=${styles.storyHeading}>${story.heading}</h3>
        <blockquote className=${styles.quote}>
          ${story.paragraphs.map((paragraph, i) => html`<p key=${i}>${paragraph}</p>`)}
        </blockquote>
        <figcaption className=${styles.signature}>${story.signature}</figcaption>
      </figure>
    </div>`;
}
