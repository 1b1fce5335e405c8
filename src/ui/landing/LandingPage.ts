import { html } from 'htm/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { sectionIds } from '../../shared/content';
import { NO_PREFERENCE } from '../../shared/inquiry-fields';
import { About } from './about/About';
import { Contact } from './contact/Contact';
import { ContactContext, type ContactState } from './contact/contact-context';
import { usePostedPuppy } from './contact/posted-contact';
import { DealBanner } from './deal/DealBanner';
import { Footer } from './footer/Footer';
import { type Gallery, LightboxContext } from './gallery/gallery-context';
import { Lightbox } from './gallery/Lightbox';
import { Header } from './header/Header';
import { Health } from './health/Health';
import { Hero } from './hero/Hero';
import * as layout from './layout.css';
import { NextLitter } from './next-litter/NextLitter';
import { usePuppyNames } from './page-puppies';
import { Parents } from './parents/Parents';
import { Puppies } from './puppies/Puppies';
import { scrollToSection } from './scroll';
import { SoldPuppies } from './sold/SoldPuppies';
import { WhyChoose } from './why/WhyChoose';

/** The public page, in the spec's order. It owns the two page-wide states: the contact form's puppy choice and the lightbox. */
export function LandingPage() {
  // After a scripts-off post comes back invalid, the dropdown shows the puppy that was posted.
  const [puppy, setPuppy] = useState(usePostedPuppy());
  const [gallery, setGallery] = useState<Gallery | null>(null);
  const puppyNames = usePuppyNames();

  const inquire = useCallback(
    (name?: string) => {
      setPuppy(name && puppyNames.includes(name) ? name : NO_PREFERENCE);
      scrollToSection(sectionIds.contact);
    },
    [puppyNames],
  );
  const contactState = useMemo<ContactState>(() => ({ puppy, setPuppy, inquire }), [puppy, inquire]);
  const closeLightbox = useCallback(() => setGallery(null), []);

  // The browser jumps to the fragment before the page is interactive; this makes it a smooth
  // scroll that also lands right if anything above moved meanwhile.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) scrollToSection(id);
  }, []);

  return html`<${ContactContext.Provider} value=${contactState}>
    <${LightboxContext.Provider} value=${setGallery}>
      <${Header} />
      <main id="main" tabIndex=${-1} className=${layout.focusTarget}>
        <${Hero} />
        <${DealBanner} />
        <${About} />
        <${Puppies} />
        <${SoldPuppies} />
        <${Parents} />
        <${NextLitter} />
        <${WhyChoose} />
        <${Health} />
        <${Contact} />
      </main>
      <${Footer} />
      ${gallery && html`<${Lightbox} gallery=${gallery} onClose=${closeLightbox} />`}
    <//>
  <//>`;
}
