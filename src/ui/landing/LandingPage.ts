import { html } from 'htm/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { NO_PREFERENCE } from '../../features/inquiries/inquiry-fields';
import { Contact } from '../../features/inquiries/page/Contact';
import { usePostedPuppy } from '../../features/inquiries/page/posted-contact';
import { PastLitters } from '../../features/litters/page/PastLitters';
import { Puppies } from '../../features/puppies/page/Puppies';
import { SoldPuppies } from '../../features/puppies/page/SoldPuppies';
import { NextLitter } from '../../features/sales/page/NextLitter';
import { About } from '../../features/site/page/about/About';
import { DealBanner } from '../../features/site/page/deal/DealBanner';
import { Footer } from '../../features/site/page/footer/Footer';
import { Header } from '../../features/site/page/header/Header';
import { Health } from '../../features/site/page/health/Health';
import { Hero } from '../../features/site/page/hero/Hero';
import { Parents } from '../../features/site/page/parents/Parents';
import { WhyChoose } from '../../features/site/page/why/WhyChoose';
import { ContactContext, type ContactState } from './contact/contact-context';
import { type Gallery, LightboxContext } from './gallery/gallery-context';
import { Lightbox } from './gallery/Lightbox';
import { sectionIds } from './landing-sections';
import * as layout from './layout.css';
import { scrollToSection } from './scroll';
import { usePuppyNames } from './use-page-puppies';

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
        <${PastLitters} />
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
