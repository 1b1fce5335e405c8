import type { Photo } from '../../shared/images';
import type { PagePuppy, PageSoldPuppy } from '../../shared/page-puppies';
import { soldSection } from './page/puppy-labels';

/**
 * The puppies of a first start (seed.ts writes them to DATA_DIR/puppies.json, with their photos
 * from public/photos as the build encoded them). After that, the breeder's own list is the one
 * shown: edit puppies at /admin/puppies, not here.
 */

/** The size of the placeholder photos in public/photos. */
const portrait = { width: 1200, height: 1500 };

function puppyPhotos(name: string, ...photos: [id: string, alt: string][]): Photo[] {
  return photos.map(([id, alt]) => ({ id, alt: alt.replace('{name}', name), ...portrait }));
}

function available(
  name: string,
  nickname: string,
  details: Omit<PagePuppy, 'name' | 'title' | 'image' | 'images'>,
  images: Photo[],
): PagePuppy {
  const [image] = images;
  if (!image) throw new Error(`${name} needs at least one photo`);
  return { name, title: `${name} – ${nickname}`, ...details, image, images };
}

export const seedAvailable: readonly PagePuppy[] = [
  available(
    'Daisy',
    'The Charismatic Star',
    {
      description:
        'Daisy is the first to greet every visitor, tail wagging. She loves attention, learns fast and will light up any home.',
      coat: 'Straight Coat',
      color: 'Black & White',
      personality: 'Outgoing',
    },
    puppyPhotos(
      'Daisy',
      ['daisy-1', '{name}, a black and white F1B Goldendoodle puppy, sitting on the porch'],
      ['daisy-2', '{name} playing with a rope toy in the yard'],
    ),
  ),
  available(
    'Luna',
    'The Playful Princess',
    {
      description:
        'Luna turns everything into a game. Sweet and silly, she is happiest chasing a ball and then curling up in a lap.',
      coat: 'Sleek Coat',
      color: 'Black & White Parti',
      personality: 'Playful',
    },
    puppyPhotos(
      'Luna',
      ['luna-1', '{name}, a black and white parti F1B Goldendoodle puppy, lying on a blanket'],
      ['luna-2', '{name} chasing a ball across the lawn'],
    ),
  ),
];

function sold(name: string, family: string, photo: string, alt: string): PageSoldPuppy {
  return {
    name,
    title: soldSection.sold(name),
    description: `Congratulations to the ${family} family on welcoming ${name} home! We can't wait to see her grow.`,
    image: { id: photo, alt, ...portrait },
  };
}

export const seedSold: readonly PageSoldPuppy[] = [
  sold('Maple', 'Anderson', 'sold-maple', 'Maple, a cream Goldendoodle puppy, with her new family'),
  sold('Honey', 'Garcia', 'sold-honey', 'Honey, an apricot Goldendoodle puppy, on her first car ride home'),
  sold('Biscuit', 'Nguyen', 'sold-biscuit', 'Biscuit, a red Goldendoodle puppy, in a garden'),
  sold('Clover', 'Thompson', 'sold-clover', 'Clover, a cream Goldendoodle puppy, with a pink bow'),
  sold('Pearl', 'Martinez', 'sold-pearl', 'Pearl, a white Goldendoodle puppy, asleep in a basket'),
];

/** Every photo of the seed puppies once (for the placeholder generator and the tests). */
export function seedPhotos(): Photo[] {
  return [
    ...seedAvailable.flatMap((puppy) => puppy.images ?? [puppy.image]),
    ...seedSold.map((puppy) => puppy.image),
  ];
}

/** The names a fresh install's dropdown offers. */
export const seedNames: readonly string[] = seedAvailable.map((puppy) => puppy.name);
