import { Router } from 'express';
import type { AppDeps } from '../app';

/** /api/login, /api/logout, /api/user, GET /api/inquiries. (Being implemented by the admin issue.) */
export function authApi(_deps: AppDeps): Router {
  return Router();
}
