import { brand } from './brand';

/**
 * The document title of each page of the route table but `/` (whose title is hers, from the
 * published content), naming the built-in brand; brandedTitle names the one she published. Built
 * in a function marked pure, so that a bundle that reads no title drops them (a plain object of
 * template strings reading `brand.full` might, as far as esbuild knows, have side effects).
 */
const pageTitles = /* @__PURE__ */ (() =>
  ({
    login: `Admin Login | ${brand.full}`,
    admin: `Admin Dashboard | ${brand.full}`,
    puppies: `Puppies | ${brand.full}`,
    litters: `Litters | ${brand.full}`,
    application: `Application | ${brand.full}`,
    visits: `Visits | ${brand.full}`,
    site: `Site | ${brand.full}`,
    contracts: `Contracts | ${brand.full}`,
    account: `Account | ${brand.full}`,
    notFound: `Page Not Found | ${brand.full}`,
  }) as const)();

export type TitledPage = keyof typeof pageTitles;

/** A page's title naming the brand she published. */
export function brandedTitle(page: TitledPage, brandFull: string): string {
  return pageTitles[page].replace(brand.full, brandFull);
}
