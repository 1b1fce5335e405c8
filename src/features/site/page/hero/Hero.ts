import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { button } from '../../../../ui/components/Button.css';
import { Icon } from '../../../../ui/components/Icon';
import { Picture } from '../../../../ui/components/Picture';
import { InquireLink } from '../../../../ui/landing/contact/InquireLink';
import { useClientContent, useServerContent } from '../../../../ui/landing/content-context';
import { sectionIds } from '../../../../ui/landing/landing-sections';
import { isPlainClick, scrollToSection } from '../../../../ui/landing/scroll';
import { useAfterLoad } from '../../../../ui/landing/use-after-load';
import { serverHtml } from '../../../../ui/server-html';
import { hero } from '../site-labels';
import * as styles from './Hero.css';
import { SLIDE_INTERVAL_MS } from './slide-timing';
import { useSlideshow } from './use-slideshow';

const HEADLINE_ID = 'hero-headline';
// The headline and tagline change only with a publish, which renders the page again: rendered by
// the server only (see server-html.ts).
const tagline = () => document.getElementById(HEADLINE_ID)?.nextElementSibling;

export function Hero() {
  const { slides: shown } = useClientContent();
  const site = useServerContent();
  const show = useSlideshow(shown.length, SLIDE_INTERVAL_MS);
  const count = shown.length;
  // The other slides stay out of the layout until the page has loaded, so their lazy photos are
  // not fetched beside the first one (the largest paint); with scripts off they never show anyway.
  const afterLoad = useAfterLoad();

  const onSeeAll = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    scrollToSection(sectionIds.puppies);
  };

  const slides = shown.map(
    (slide, i) => html`<div
      key=${`${i} ${slide.image.id}`}
      role="group"
      aria-roledescription="slide"
      aria-label=${hero.slideLabel(i + 1, count)}
      aria-hidden=${i !== show.index}
      className=${i === show.index ? styles.slideActive : afterLoad ? styles.slide : styles.slideDeferred}
    >
      <${Picture}
        photo=${slide.image}
        loading=${i === 0 ? 'eager' : 'lazy'}
        fetchPriority=${i === 0 ? 'high' : undefined}
        sizes="100vw"
        className=${`${styles.image} ${styles.focus[slide.focus]}`}
      />
    </div>`,
  );

  const dots = shown.map(
    (slide, i) => html`<button
      key=${`${i} ${slide.image.id}`}
      type="button"
      className=${i === show.index ? styles.dotActive : styles.dot}
      aria-label=${hero.goTo(i + 1)}
      aria-current=${i === show.index ? 'true' : undefined}
      onClick=${() => show.goTo(i)}
    ></button>`,
  );

  return html`<section className=${styles.hero} aria-labelledby=${HEADLINE_ID} ...${show.pauseTriggers}>
    <div className=${styles.carousel} role="region" aria-roledescription="carousel" aria-label=${hero.carouselLabel}>
      <div className=${styles.slides} aria-live=${show.running ? 'off' : 'polite'}>${slides}</div>
      <div className=${styles.overlay} aria-hidden="true"></div>
      <div className=${styles.controls}>
        <button type="button" className=${styles.control} aria-label=${hero.previous} onClick=${show.previous}>
          <${Icon} name="chevronLeft" />
        </button>
        <div className=${styles.dots}>${dots}</div>
        <button type="button" className=${styles.control} aria-label=${hero.next} onClick=${show.next}>
          <${Icon} name="chevronRight" />
        </button>
        <button
          type="button"
          className=${styles.control}
          aria-label=${show.playing ? hero.pause : hero.play}
          onClick=${show.togglePlaying}
        >
          <${Icon} name=${show.playing ? 'pause' : 'play'} size=${20} />
        </button>
      </div>
    </div>
    <div className=${styles.content}>
      <h1
        id=${HEADLINE_ID}
        className=${styles.headline}
        ...${SERVER_RENDER ? { children: site.hero.headline } : serverHtml(HEADLINE_ID)}
      />
      <p className=${styles.tagline} ...${SERVER_RENDER ? { children: site.hero.tagline } : serverHtml(tagline)} />
      <div className=${styles.actions}>
        <${InquireLink} className=${button.primary}>${hero.inquire}<//>
        <a href=${`#${sectionIds.puppies}`} className=${button.light} onClick=${onSeeAll}>${hero.seeAll}</a>
      </div>
    </div>
  </section>`;
}
