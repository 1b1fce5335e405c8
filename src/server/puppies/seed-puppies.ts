/**
 * The puppies a fresh install starts with (see seed.ts). Phase B moves the lists here from
 * src/shared/content.ts; until then they are re-exported.
 */
export { availablePuppies as seedAvailable, soldPuppies as seedSold } from '../../shared/content';
