import { createContext, useContext } from 'react';
import type { Photo } from '../../../shared/images';

export interface Gallery {
  /** Whose photos: the dialog's title is "{name} Photo". */
  name: string;
  images: readonly Photo[];
  /** The photo button that opened the dialog: focus returns to it on close. */
  opener: HTMLElement | null;
}

export const LightboxContext = createContext<(gallery: Gallery) => void>(() => {});

export const useOpenLightbox = () => useContext(LightboxContext);
