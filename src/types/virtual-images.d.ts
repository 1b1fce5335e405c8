declare module 'virtual:images' {
  import type { ImageManifest } from '../shared/images';

  const images: ImageManifest;
  export default images;
}
