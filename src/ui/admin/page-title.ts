import { brand, brandedTitle, type pageTitles } from '../../shared/content';
import { usePageState } from '../page-state';

/**
 * An admin page's document title, naming the brand she published: the server sends it in the
 * page state when it is not the built-in one, as the server-rendered <title> names it.
 */
export function usePageTitle(page: Exclude<keyof typeof pageTitles, 'landing'>): string {
  return brandedTitle(page, usePageState().brand ?? brand.full);
}
