import { type RequestHandler, type Response, Router } from 'express';
import type * as z from 'zod/mini';
import { fieldErrors } from '../../shared/api';
import type { User } from '../../storage/records';

/**
 * The admin API's one pipeline (issue 26): one router whose every route already requires the
 * session and refuses cross-site reads, one body validator with one field-error shape, and one
 * family of refusals that the error handler (errors.ts) turns into their status and
 * `{ message, errors? }`. A route handler validates with `body(schema)`, throws a `Refused` for
 * what the rules refuse, and lets a write the disk refused through to the handler (503).
 */

/** A request the rules refuse: its status, its message, and for a form its field errors. */
export class Refused extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422 | 429,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'Refused';
  }
}

/** 400: the body breaks its schema, or a rule of the feature; the fields say where. */
export class Invalid extends Refused {
  constructor(message: string, errors?: Record<string, string>) {
    super(400, message, errors);
  }
}

/** 404: what the request names is not there (any more). */
export class NotFound extends Refused {
  constructor(message: string) {
    super(404, message);
  }
}

/** 409: the request was based on what is no longer so (a stale version or revision). */
export class Conflict extends Refused {
  constructor(message: string) {
    super(409, message);
  }
}

/** The message of a refused body whose fields say what is wrong. */
export const CHECK_FIELDS = 'Check the highlighted fields.';

/**
 * Validates the JSON body against `schema`: the next handlers see the parsed value as `req.body`
 * (typed), a body that breaks it is refused with 400 `{ message, errors }`.
 */
export function body<S extends z.ZodMiniType>(
  schema: S,
  message: string = CHECK_FIELDS,
): RequestHandler<Record<string, string>, unknown, z.output<S>> {
  return (req, _res, next) => {
    req.body = parsed(schema, req.body, message);
    next();
  };
}

/** The same check where the schema depends on the request: the parsed value, or `Invalid` thrown. */
export function parsed<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  message: string = CHECK_FIELDS,
): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new Invalid(message, fieldErrors(result.error));
  return result.data;
}

export interface AdminGuards {
  /** 401 unless signed in; else the user is left in `res.locals.user` (`signedInUser`). */
  requireUser: RequestHandler;
  /** 403 for a read another site's page asked for. */
  sameOriginReads: RequestHandler;
}

/**
 * The user the pipeline's requireUser let through: it looked them up once (users.json is read at
 * each lookup, and each marks the session seen), so a handler never needs to again.
 */
export function signedInUser(res: Response): User {
  const user = res.locals.user as User | undefined;
  if (!user) throw new Error('signedInUser is for handlers behind the admin pipeline');
  return user;
}

type Method = 'get' | 'post' | 'put' | 'delete';
/** A path's named parameters (":id" → `{ id: string }`), as Express's own route types read them. */
type Params<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & Params<Rest>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;
type Handler<Path extends string, B> = RequestHandler<Params<Path>, unknown, B>;
type Register = <Path extends string, B = unknown>(path: Path, ...handlers: Handler<Path, B>[]) => void;

/** Registers routes that only the signed-in breeder, from this site, reaches. */
export type AdminRoutes = Record<Method, Register>;

/**
 * The admin API: a router whose routes each run the guards first (per route, so an unknown /api
 * path still falls through to the API's 404). Mounted on /api by the composition.
 */
export function adminApi({ requireUser, sameOriginReads }: AdminGuards): {
  router: Router;
  routes: AdminRoutes;
} {
  const router = Router();
  const guarded =
    (method: Method): Register =>
    (path, ...handlers) => {
      router[method](path, sameOriginReads, requireUser, ...handlers);
    };
  return {
    router,
    routes: { get: guarded('get'), post: guarded('post'), put: guarded('put'), delete: guarded('delete') },
  };
}
