import { brand } from '../../shared/brand';
import { brandedTitle, type TitledPage } from '../../shared/page-titles';
import { usePageState } from '../page-state-context';

/**
 * An admin page's document title, naming the brand she published: the server sends it in the
 * page state when it is not the built-in one, as the server-rendered <title> names it.
 */
export function usePageTitle(page: TitledPage): string {
  return brandedTitle(page, usePageState().brand ?? brand.full);
}
