import { createContext, useContext } from 'react';
import { type ClientContent, DEFAULT_CLIENT_CONTENT, type PageContent } from '../../shared/page-content';
import { usePageState } from '../page-state-context';

/**
 * The breeder's published content, resolved, as the server renders the page with it (render.ts
 * provides it). Only the server reads it: in the browser there is no provider, and the sections
 * that use it keep the server's HTML (server-html.ts).
 */
export const SiteContentContext = createContext<PageContent | null>(null);

/**
 * For the bodies only the server renders: the content the page is rendered with. In the browser
 * it is null, and never read there (those bodies are behind SERVER_RENDER).
 */
export function useServerContent(): PageContent {
  const content = useContext(SiteContentContext);
  if (SERVER_RENDER && !content) throw new Error('The page is rendered without its content');
  return content as PageContent;
}

/**
 * What the parts the browser hydrates show (the wordmark, the slides, the puppies' words): from
 * the page state when the breeder changed them, else the bundle's copy of a fresh install's.
 */
export const useClientContent = (): ClientContent => usePageState().content ?? DEFAULT_CLIENT_CONTENT;
