/**
 * The one route table, read by the server (status, access guard, which assets to send) and by the
 * browser (which page to hydrate). Anything not listed here is the not-found page.
 */
export type RouteId =
  | 'landing'
  | 'login'
  | 'admin'
  | 'visits'
  | 'account'
  | 'site'
  | 'contracts'
  | 'litters'
  | 'application'
  | 'notFound';

/** public: anyone; guestOnly: a signed-in visitor is sent to /admin; protected: sign-in required. */
type Access = 'public' | 'guestOnly' | 'protected';

export interface Route {
  id: RouteId;
  path: string | null;
  access: Access;
  status: 200 | 404;
  /** The page's code is split into the admin chunk, so visitors of / never download it. */
  admin: boolean;
}

export const paths = {
  landing: '/',
  login: '/admin/login',
  admin: '/admin',
  /** The litter manager's old address: redirected to the litters, where the puppies are managed now. */
  puppies: '/admin/puppies',
  litters: '/admin/litters',
  application: '/admin/application',
  visits: '/admin/visits',
  account: '/admin/account',
  site: '/admin/site',
  contracts: '/admin/contracts',
  /** The draft as the public page would show it (not a route of its own: it renders `/`). */
  sitePreview: '/admin/site/preview',
} as const;

const routes: readonly Route[] = [
  { id: 'landing', path: paths.landing, access: 'public', status: 200, admin: false },
  { id: 'login', path: paths.login, access: 'guestOnly', status: 200, admin: true },
  { id: 'admin', path: paths.admin, access: 'protected', status: 200, admin: true },
  { id: 'litters', path: paths.litters, access: 'protected', status: 200, admin: true },
  { id: 'application', path: paths.application, access: 'protected', status: 200, admin: true },
  { id: 'visits', path: paths.visits, access: 'protected', status: 200, admin: true },
  { id: 'account', path: paths.account, access: 'protected', status: 200, admin: true },
  { id: 'site', path: paths.site, access: 'protected', status: 200, admin: true },
  { id: 'contracts', path: paths.contracts, access: 'protected', status: 200, admin: true },
];

const notFoundRoute: Route = {
  id: 'notFound',
  path: null,
  access: 'public',
  status: 404,
  admin: false,
};

/** A trailing slash is tolerated (`/admin/` is `/admin`); the match is otherwise exact. */
export function matchRoute(pathname: string): Route {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => route.path === normalized) ?? notFoundRoute;
}
