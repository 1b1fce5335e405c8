import { html } from 'htm/react';
import { type ReactNode, useState } from 'react';
import type { FOCUS_POSITIONS } from '../../../shared/page-content';
import { radio } from '../../../ui/admin/dialog-form.css';
import * as editor from '../../../ui/admin/editor.css';
import { Choice, DateInput, NumberInput, SelectInput, TextInput } from '../../../ui/admin/fields';
import { Button } from '../../../ui/components/Button';
import { LIMITS, MAX_FEATURES, MAX_SLIDES, type SiteContent } from '../site-content';
import { Item } from './Item';
import { moved, type OpenItems, removed, toggled } from './open-items';
import { PhotoInput } from './PhotoInput';
import type { SectionId } from './sections';
import * as styles from './site.css';
import { siteText } from './site-text';
import { withValueAt } from './value-at';

type Change = (update: (content: SiteContent) => SiteContent) => void;
type Parent = NonNullable<SiteContent['parents']['mother']>;

const f = siteText.fields;
const focusChoices = siteText.focus as Record<keyof typeof FOCUS_POSITIONS, string>;

const move = <T>(items: T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};
const replace = <T>(items: T[], index: number, value: T): T[] =>
  items.map((item, i) => (i === index ? value : item));

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  // Focused when the section opens (tabIndex -1: not a stop for the Tab key).
  return html`<fieldset id=${id} tabIndex=${-1} className=${styles.group} aria-labelledby=${`${id}-title`}>
    <legend id=${`${id}-title`} className=${styles.groupTitle}>${title}</legend>
    ${children}
  </fieldset>`;
}

/** Up, down, remove for one item of a list (slides, cards). */
function ItemTools({
  index,
  count,
  min,
  onMove,
  onRemove,
  describedBy,
}: {
  index: number;
  count: number;
  min: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  describedBy: string;
}) {
  return html`<div className=${styles.tools}>
    <${Button} variant="outline" compact describedBy=${describedBy} disabled=${index === 0} onClick=${() => onMove(index - 1)}>${siteText.list.up}<//>
    <${Button} variant="outline" compact describedBy=${describedBy} disabled=${index === count - 1} onClick=${() => onMove(index + 1)}>${siteText.list.down}<//>
    <${Button} variant="outline" compact describedBy=${describedBy} disabled=${count <= min} onClick=${onRemove}>${siteText.list.remove}<//>
  </div>`;
}

const emptyParent = (breed: string): Parent => ({
  name: '',
  breed,
  photo: { id: '', alt: '', width: 1, height: 1 },
  health: '',
});

/**
 * The fields of one section of the page, labelled as a visitor would name them.
 * Each change goes to `change` (which saves the draft a moment later); `errors` are keyed by path.
 */
export function SiteForm({
  content: c,
  change,
  errors,
  section,
}: {
  content: SiteContent;
  change: Change;
  errors: Record<string, string>;
  /** The one section shown (the editor opens one at a time: issue 32). */
  section: SectionId;
}) {
  const text = (path: string, label: string, max: number, value: string, multiline = false, hint?: string) =>
    // The path is where the text is in the content as well as its error's key (value-at.ts).
    html`<${TextInput} id=${`site-${path.replaceAll('.', '-')}`} label=${label} value=${value} max=${max}
      multiline=${multiline} hint=${hint} error=${errors[path]} onChange=${(v: string) => change((x) => withValueAt(x, path, v))} />`;
  const placeholders = siteText.placeholders;
  // Slides and cards show their fields once opened; one just added opens.
  const [openItems, setOpenItems] = useState<OpenItems>(() => new Set());
  const flip = (key: string) => setOpenItems((open) => toggled(open, key));
  const hasErrorUnder = (path: string) => Object.keys(errors).some((key) => key.startsWith(`${path}.`));

  const parent = (role: 'mother' | 'father') => {
    const label = role === 'mother' ? f.mother : f.father;
    const info = c.parents[role];
    const set = (value: Parent | null) => change((x) => ({ ...x, parents: { ...x.parents, [role]: value } }));
    if (!info)
      return html`<${Button} variant="outline" compact onClick=${() => set(emptyParent(role === 'mother' ? 'English Cream Goldendoodle' : 'Poodle'))}>${f.addParent(label)}<//>`;
    const p = `parents.${role}`;
    return html`<fieldset className=${styles.item}>
      <legend className=${styles.itemTitle}>${label}</legend>
      ${text(`${p}.name`, f.parentName(label), LIMITS.short, info.name)}
      ${text(`${p}.breed`, f.parentBreed(label), LIMITS.line, info.breed)}
      <${PhotoInput} label=${f.parentPhoto(label)} photo=${info.photo.id ? info.photo : null} error=${errors[`${p}.photo.id`]}
        onUploaded=${(photo: Parent['photo']) =>
          change((x) => {
            const now = x.parents[role] ?? info;
            return {
              ...x,
              parents: { ...x.parents, [role]: { ...now, photo: { ...photo, alt: now.photo.alt } } },
            };
          })} />
      ${text(`${p}.photo.alt`, f.parentAlt(label), LIMITS.alt, info.photo.alt)}
      ${text(`${p}.health`, f.parentHealth(label), LIMITS.card * 2, info.health, true)}
      <div className=${styles.tools}><${Button} variant="outline" compact onClick=${() => set(null)}>${f.removeParent(label)}<//></div>
    </fieldset>`;
  };

  return html`<div className=${editor.form}>
    ${
      section === 'hero' &&
      html`    <${Group} id="group-hero" title=${siteText.groups.hero}>
      <div className=${styles.row}>
        ${text('brand.first', f.brandFirst, LIMITS.brandWord, c.brand.first)}
        ${text('brand.second', f.brandSecond, LIMITS.brandWord, c.brand.second)}
      </div>
      ${text('hero.headline', f.headline, LIMITS.headline, c.hero.headline)}
      ${text('hero.tagline', f.tagline, LIMITS.tagline, c.hero.tagline, true)}
      ${c.hero.slides.map((slide, i) => {
        return html`<${Item} key=${`${i}-${slide.photo.id}`} id=${`slide-${i}`} title=${f.slide(i + 1)}
          summary=${slide.photo.alt.trim() || siteText.summaries.noAlt} open=${openItems.has(`slide-${i}`)}
          attention=${hasErrorUnder(`hero.slides.${i}`)} onToggle=${() => flip(`slide-${i}`)}
          tools=${html`<${ItemTools} index=${i} count=${c.hero.slides.length} min=${1} describedBy=${`slide-${i}`}
            onMove=${(to: number) => {
              setOpenItems((open) => moved(open, 'slide', i, to));
              change((x) => ({ ...x, hero: { ...x.hero, slides: move(x.hero.slides, i, to) } }));
            }}
            onRemove=${() => {
              setOpenItems((open) => removed(open, 'slide', i, c.hero.slides.length));
              change((x) => ({ ...x, hero: { ...x.hero, slides: x.hero.slides.filter((_, j) => j !== i) } }));
            }} />`}>
          <${PhotoInput} label=${f.slide(i + 1)} photo=${slide.photo} error=${errors[`hero.slides.${i}.photo.id`]}
            onUploaded=${(photo: SiteContent['hero']['slides'][number]['photo']) =>
              change((x) => {
                const now = x.hero.slides[i] ?? slide;
                const next = { ...now, photo: { ...photo, alt: now.photo.alt } };
                return { ...x, hero: { ...x.hero, slides: replace(x.hero.slides, i, next) } };
              })} />
          ${text(`hero.slides.${i}.photo.alt`, f.slideAlt(i + 1), LIMITS.alt, slide.photo.alt)}
          <${SelectInput} id=${`site-slide-${i}-focus`} label=${f.slideFocus(i + 1)} value=${slide.focus} options=${focusChoices}
            onChange=${(focus: typeof slide.focus) => change((x) => withValueAt(x, `hero.slides.${i}.focus`, focus))} />
        <//>`;
      })}
      ${
        c.hero.slides.length < MAX_SLIDES &&
        html`<div className=${styles.tools}><${Button} variant="outline" compact
          onClick=${() => {
            setOpenItems((open) => new Set(open).add(`slide-${c.hero.slides.length}`));
            change((x) => ({
              ...x,
              hero: {
                ...x.hero,
                slides: [
                  ...x.hero.slides,
                  { ...(x.hero.slides.at(-1) ?? { focus: 'center', photo: x.about.photo }) },
                ],
              },
            }));
          }}>${f.addSlide}<//></div>`
      }
    <//>`
    }

    ${
      section === 'deal' &&
      html`    <${Group} id="group-deal" title=${siteText.groups.deal}>
      <label className=${radio}>
        <input type="checkbox" name="site-deal-shown" checked=${c.deal.shown}
          onChange=${() => change((x) => ({ ...x, deal: { ...x.deal, shown: !x.deal.shown } }))} />
        ${f.showDeal}
      </label>
      ${text('deal.heading', f.dealHeading, LIMITS.heading, c.deal.heading)}
      ${text('deal.tagline', f.dealTagline, LIMITS.tagline, c.deal.tagline, true)}
      <div className=${styles.row}>
        <${NumberInput} id="site-prices-single" label=${f.single} prefix="$" value=${c.prices.single} error=${errors['prices.single']}
          onChange=${(v: number) => change((x) => ({ ...x, prices: { ...x.prices, single: v } }))} />
        <${NumberInput} id="site-prices-pair" label=${f.pair} prefix="$" value=${c.prices.pair} error=${errors['prices.pair']}
          onChange=${(v: number) => change((x) => ({ ...x, prices: { ...x.prices, pair: v } }))} />
        <${NumberInput} id="site-prices-regular" label=${f.pairRegular} prefix="$" value=${c.prices.pairRegular} error=${errors['prices.pairRegular']}
          onChange=${(v: number) => change((x) => ({ ...x, prices: { ...x.prices, pairRegular: v } }))} />
      </div>
      ${text('prices.pairLabel', f.pairLabel, LIMITS.short, c.prices.pairLabel)}
      ${text('deal.caption', f.caption, LIMITS.line, c.deal.caption)}
    <//>`
    }

    ${
      section === 'about' &&
      html`    <${Group} id="group-about" title=${siteText.groups.about}>
      <div className=${styles.row}>
        <${DateInput} id="site-litter-born" label=${f.born} value=${c.litter.born} error=${errors['litter.born']}
          onChange=${(v: string) => change((x) => ({ ...x, litter: { ...x.litter, born: v } }))} />
        ${text('litter.location', f.location, LIMITS.short, c.litter.location)}
        ${text('litter.genetics', f.genetics, LIMITS.line, c.litter.genetics)}
      </div>
      <${Choice} name="site-age-mode" legend=${f.age} value=${c.litter.ageMode}
        options=${{ written: f.ageWritten, computed: f.ageComputed }}
        onChange=${(v: 'written' | 'computed') => change((x) => ({ ...x, litter: { ...x.litter, ageMode: v } }))} />
      ${c.litter.ageMode === 'written' && text('litter.age', f.ageText, LIMITS.age, c.litter.age)}
      <p className=${editor.hint}>${siteText.followsLitter}</p>
      ${text('about.paragraphs', f.aboutText, LIMITS.paragraphs, c.about.paragraphs, true, placeholders)}
      <${PhotoInput} label=${f.aboutPhoto} photo=${c.about.photo} error=${errors['about.photo.id']}
        onUploaded=${(photo: SiteContent['about']['photo']) =>
          change((x) => ({ ...x, about: { ...x.about, photo: { ...photo, alt: x.about.photo.alt } } }))} />
      ${text('about.photo.alt', f.aboutAlt, LIMITS.alt, c.about.photo.alt)}
      <${Choice} name="site-badge-mode" legend=${f.badge} value=${c.about.badgeMode}
        options=${{ written: f.badgeWritten, count: f.badgeCount }}
        hint=${c.about.badgeMode === 'count' && f.badgeCountHint}
        onChange=${(v: 'written' | 'count') => change((x) => ({ ...x, about: { ...x.about, badgeMode: v } }))} />
      ${c.about.badgeMode === 'written' && text('about.badge', f.badgeText, LIMITS.short, c.about.badge)}
      ${c.about.tiles.map(
        (tile, i) => html`<div key=${i} className=${styles.pair}>
          ${text(`about.tiles.${i}.label`, f.tileLabel(i + 1), LIMITS.short, tile.label)}
          ${text(`about.tiles.${i}.value`, f.tileValue(i + 1), LIMITS.short, tile.value)}
        </div>`,
      )}
    <//>`
    }

    ${
      section === 'puppies' &&
      html`    <${Group} id="group-puppies" title=${siteText.groups.puppies}>
      ${text('puppies.intro', f.puppiesIntro, LIMITS.tagline, c.puppies.intro, true, placeholders)}
      ${text('puppies.none', f.puppiesNone, LIMITS.card, c.puppies.none, true)}
      ${text('puppies.limitedHeading', f.limitedHeading, LIMITS.heading, c.puppies.limitedHeading)}
      ${text('puppies.limitedText', f.limitedText, LIMITS.card, c.puppies.limitedText, true)}
    <//>`
    }

    ${
      section === 'sold' &&
      html`    <${Group} id="group-sold" title=${siteText.groups.sold}>
      ${text('sold.intro', f.soldIntro, LIMITS.tagline, c.sold.intro, true)}
    <//>`
    }

    ${
      section === 'parents' &&
      html`    <${Group} id="group-parents" title=${siteText.groups.parents}>
      ${text('parents.intro', f.parentsIntro, LIMITS.tagline, c.parents.intro, true)}
      ${parent('mother')}
      ${parent('father')}
    <//>`
    }

    ${
      section === 'why' &&
      html`    <${Group} id="group-why" title=${siteText.groups.why}>
      ${text('why.heading', f.whyHeading, LIMITS.headline, c.why.heading)}
      ${text('why.intro', f.whyIntro, LIMITS.tagline, c.why.intro, true)}
      ${c.why.cards.map((card, i) => {
        return html`<${Item} key=${i} id=${`card-${i}`} title=${f.card(i + 1)}
          summary=${card.title.trim() || siteText.summaries.noTitle} open=${openItems.has(`card-${i}`)}
          attention=${hasErrorUnder(`why.cards.${i}`)} onToggle=${() => flip(`card-${i}`)}
          tools=${html`<${ItemTools} index=${i} count=${c.why.cards.length} min=${1} describedBy=${`card-${i}`}
            onMove=${(to: number) => {
              setOpenItems((open) => moved(open, 'card', i, to));
              change((x) => ({ ...x, why: { ...x.why, cards: move(x.why.cards, i, to) } }));
            }}
            onRemove=${() => {
              setOpenItems((open) => removed(open, 'card', i, c.why.cards.length));
              change((x) => ({ ...x, why: { ...x.why, cards: x.why.cards.filter((_, j) => j !== i) } }));
            }} />`}>
          ${text(`why.cards.${i}.title`, f.cardTitle(i + 1), LIMITS.heading, card.title)}
          ${text(`why.cards.${i}.description`, f.cardText(i + 1), LIMITS.card, card.description, true)}
          <${SelectInput} id=${`site-card-${i}-icon`} label=${f.cardIcon(i + 1)} value=${card.icon} options=${siteText.featureIcons}
            onChange=${(icon: typeof card.icon) => change((x) => withValueAt(x, `why.cards.${i}.icon`, icon))} />
        <//>`;
      })}
      ${
        c.why.cards.length < MAX_FEATURES &&
        html`<div className=${styles.tools}><${Button} variant="outline" compact
          onClick=${() => {
            setOpenItems((open) => new Set(open).add(`card-${c.why.cards.length}`));
            change((x) => ({
              ...x,
              why: { ...x.why, cards: [...x.why.cards, { icon: 'heart', title: '', description: '' }] },
            }));
          }}>${f.addCard}<//></div>`
      }
      ${text('why.storyHeading', f.storyHeading, LIMITS.heading, c.why.storyHeading)}
      ${text('why.story', f.story, LIMITS.paragraphs, c.why.story, true, placeholders)}
      ${text('why.signature', f.signature, LIMITS.short, c.why.signature)}
    <//>`
    }

    ${
      section === 'health' &&
      html`    <${Group} id="group-health" title=${siteText.groups.health}>
      ${c.health.items.map(
        (item, i) => html`<div key=${i} className=${styles.row}>
          ${text(`health.items.${i}.title`, f.healthTitle(i + 1), LIMITS.short, item.title)}
          ${text(`health.items.${i}.text`, f.healthText(i + 1), LIMITS.line, item.text)}
          <${SelectInput} id=${`site-health-${i}-icon`} label=${f.healthIcon(i + 1)} value=${item.icon} options=${siteText.healthIcons}
            onChange=${(icon: typeof item.icon) => change((x) => withValueAt(x, `health.items.${i}.icon`, icon))} />
        </div>`,
      )}
    <//>`
    }

    ${
      section === 'contact' &&
      html`    <${Group} id="group-contact" title=${siteText.groups.contact}>
      ${text('contact.heading', f.contactHeading, LIMITS.headline, c.contact.heading)}
      ${text('contact.intro', f.contactIntro, LIMITS.card, c.contact.intro, true)}
      ${text('contact.limited', f.contactLimited, LIMITS.short, c.contact.limited)}
      ${text('contact.ready', f.contactReady, LIMITS.short, c.contact.ready)}
      ${text('contact.questionsHeading', f.questionsHeading, LIMITS.short, c.contact.questionsHeading)}
      ${text('contact.questionsText', f.questionsText, LIMITS.card, c.contact.questionsText, true)}
    <//>`
    }

    ${
      section === 'footer' &&
      html`    <${Group} id="group-footer" title=${siteText.groups.footer}>
      ${text('footer.tagline', f.footerTagline, LIMITS.line, c.footer.tagline)}
      ${text('footer.contactNote', f.footerNote, LIMITS.card, c.footer.contactNote, true)}
      <${NumberInput} id="site-footer-year" label=${f.copyrightYear} value=${c.footer.copyrightYear} error=${errors['footer.copyrightYear']}
        onChange=${(v: number) => change((x) => ({ ...x, footer: { ...x.footer, copyrightYear: v } }))} />
    <//>`
    }

    ${
      section === 'seo' &&
      html`    <${Group} id="group-seo" title=${siteText.groups.seo}>
      ${text('seo.title', f.pageTitle, LIMITS.pageTitle, c.seo.title)}
      ${text('seo.description', f.pageDescription, LIMITS.description, c.seo.description, true, placeholders)}
    <//>`
    }
  </div>`;
}
