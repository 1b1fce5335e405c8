import { Router } from 'express';
import type { AppDeps } from './app';
import type { PageHandler } from './pages';

/** The contact form posted with scripts off. (Being implemented by the inquiries issue.) */
export function contactFormRoutes(_deps: AppDeps, _pages: PageHandler): Router {
  return Router();
}
