import { Router } from 'express';
import type { AppDeps } from '../app';

/** POST /api/inquiries. (Being implemented by the inquiries issue.) */
export function inquiriesApi(_deps: AppDeps): Router {
  return Router();
}
