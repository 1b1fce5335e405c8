import { createContext, useContext } from 'react';
import type { PageState } from '../shared/page-state';

export const PageStateContext = createContext<PageState>({});

export const usePageState = (): PageState => useContext(PageStateContext);
