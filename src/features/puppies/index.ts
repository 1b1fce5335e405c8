/**
 * The puppies and their photos (the server side): the service start-up opens, the routes the
 * composition mounts, and what the sales and the backups use of them.
 */
export { mediaFiles } from './media.server';
export { photoUpload } from './photo-upload.server';
export { createPhotoLibrary } from './photos/photo-library.server';
export { photoFileName } from './photos/process-photo.server';
export { FORMAT_NAMES } from './photos/settings.server';
export type { AdminPhoto, StoredPhoto } from './puppies';
export { storedPhotoVariants } from './puppies';
export { puppiesApi } from './puppies-api.server';
export { seedPuppies } from './puppies-seed.server';
export { PuppyNotFound, PuppyRefused, VersionConflict } from './puppy-changes.server';
export { availablePuppyInput } from './puppy-schema';
export { openPuppyService, type PuppyService } from './puppy-service.server';
