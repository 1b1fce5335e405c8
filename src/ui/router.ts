import { createContext, useContext } from 'react';

/** The current path and a way to move to another one without a full page load. */
export interface Router {
  path: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

export const RouterContext = createContext<Router>({ path: '/', navigate: () => {} });

export const useRouter = (): Router => useContext(RouterContext);
