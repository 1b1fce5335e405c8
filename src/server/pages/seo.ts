import { largestJpeg } from '../../features/puppies/puppies';
import type { Photo } from '../../shared/images';
import { SHARE_IMAGE } from '../../shared/images';
import type { PageContent } from '../../shared/page-content';
import { formatPrice } from '../../shared/page-content';
import type { PagePuppies } from '../../shared/page-puppies';
import { paths } from '../../shared/routes';
import { tokens } from '../../shared/tokens';
import { escapeHtml, scriptJson } from './html';

/**
 * What search engines and link previews read: canonical URL, Open Graph / Twitter tags,
 * JSON-LD structured data, robots.txt, sitemap.xml and the web app manifest.
 * `origin` is PUBLIC_URL, or the request's own origin when that is unset.
 */

const THEME_COLOR = tokens.color.brown;

const meta = (attr: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attr}="${key}" content="${escapeHtml(String(content))}">`;

/** The widest JPEG of a photo: an upload's largest width, or the source photo the build encoded. */
const widestJpeg = (photo: Photo) =>
  photo.widths ? largestJpeg({ ...photo, widths: photo.widths }) : `/photos/${photo.id}.jpg`;

/** The business and its offers: one per available puppy (as the breeder last saved them), and the pair deal. */
function structuredData(origin: string, puppies: PagePuppies, content: PageContent) {
  const { facts } = content;
  const url = `${origin}${paths.landing}`;
  const offer = (name: string, price: number, description: string, image: string, reserved = false) => ({
    '@type': 'Offer',
    price: price.toFixed(2),
    priceCurrency: 'USD',
    // A puppy held for a family is not available (issue 20): schema.org's own word for it.
    availability: reserved ? 'https://schema.org/Reserved' : 'https://schema.org/InStock',
    url: `${url}#contact`,
    itemOffered: { '@type': 'Product', name, description, image },
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${url}#business`,
    name: content.brand.full,
    description: content.description,
    url,
    image: `${origin}${SHARE_IMAGE.path}`,
    logo: `${origin}/icon-512.png`,
    priceRange: `${formatPrice(facts.single)}–${formatPrice(facts.pair)}`,
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'Prescott Valley',
      addressRegion: 'AZ',
      addressCountry: 'US',
    },
    areaServed: { '@type': 'City', name: facts.location },
    makesOffer: [
      ...puppies.available.map((puppy) =>
        offer(
          `${puppy.name}, F1B English Cream Goldendoodle puppy`,
          facts.single,
          puppy.description,
          `${origin}${widestJpeg(puppy.image)}`,
          puppy.reserved,
        ),
      ),
      offer(
        'Two F1B English Cream Goldendoodle puppies',
        facts.pair,
        `${facts.pairLabel} Two puppies for ${formatPrice(facts.pair)} instead of ${formatPrice(facts.pairRegular)}.`,
        `${origin}${SHARE_IMAGE.path}`,
      ),
    ],
  };
}

/** Tags for the landing page's <head>. */
export function landingHead(origin: string, puppies: PagePuppies, content: PageContent): string {
  const url = `${origin}${paths.landing}`;
  const image = `${origin}${SHARE_IMAGE.path}`;
  const alt = content.hero.slides[0]?.image.alt ?? content.brand.full;
  const { title, description } = content;
  return [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', content.brand.full),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_US'),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', SHARE_IMAGE.width),
    meta('property', 'og:image:height', SHARE_IMAGE.height),
    meta('property', 'og:image:alt', alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', alt),
    `<script type="application/ld+json">${scriptJson(structuredData(origin, puppies, content))}</script>`,
  ].join('');
}

/** Tags every page carries: icons, manifest, theme colour. */
export const commonHead = [
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
  '<link rel="manifest" href="/site.webmanifest">',
  `<meta name="theme-color" content="${THEME_COLOR}">`,
].join('');

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /admin', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(origin: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `  <url><loc>${escapeHtml(`${origin}${paths.landing}`)}</loc><changefreq>weekly</changefreq></url>`,
    '</urlset>',
    '',
  ].join('\n');
}

export function webManifest(content: PageContent) {
  return {
    name: content.brand.full,
    short_name: content.brand.full,
    description: content.description,
    start_url: paths.landing,
    display: 'browser',
    background_color: tokens.color.cream,
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
}
