import { html } from 'htm/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { NO_PREFERENCE, puppyNames, sectionIds } from '../../shared/content';
import { About } from './About';
import { Contact } from './Contact';
import { DealBanner } from './DealBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { Health } from './Health';
import { Hero } from './Hero';
import { type Inquiry, InquiryContext } from './inquiry-context';
import { Lightbox } from './Lightbox';
import * as layout from './layout.css';
import { type Gallery, LightboxContext } from './lightbox-context';
import { Puppies } from './Puppies';
import { usePostedPuppy } from './posted-contact';
import { SoldPuppies } from './SoldPuppies';
import { scrollToSection } from './scroll';
import { WhyChoose } from './WhyChoose';

/** The public page, in the spec's order. It owns the two page-wide states: the inquiry and the lightbox. */
export function LandingPage() {
  // After a scripts-off post comes back invalid, the dropdown shows the puppy that was posted.
  const [puppy, setPuppy] = useState(usePostedPuppy());
  const [gallery, setGallery] = useState<Gallery | null>(null);

  const inquire = useCallback((name?: string) => {
    setPuppy(name && puppyNames.includes(name) ? name : NO_PREFERENCE);
    scrollToSection(sectionIds.contact);
  }, []);
  const inquiry = useMemo<Inquiry>(() => ({ puppy, setPuppy, inquire }), [puppy, inquire]);
  const closeLightbox = useCallback(() => setGallery(null), []);

  // The browser jumps to the fragment before the page is interactive; this makes it a smooth
  // scroll that also lands right if anything above moved meanwhile.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) scrollToSection(id);
  }, []);

  return html`<${InquiryContext.Provider} value=${inquiry}>
    <${LightboxContext.Provider} value=${setGallery}>
      <${Header} />
      <main id="main" tabIndex=${-1} className=${layout.focusTarget}>
        <${Hero} />
        <${DealBanner} />
        <${About} />
        <${Puppies} />
        <${SoldPuppies} />
        <${WhyChoose} />
        <${Health} />
        <${Contact} />
      </main>
      <${Footer} />
      ${gallery && html`<${Lightbox} gallery=${gallery} onClose=${closeLightbox} />`}
    <//>
  <//>`;
}
