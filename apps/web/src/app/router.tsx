import { createBrowserRouter, Navigate, Outlet, RouterProvider, ScrollRestoration } from 'react-router';
import { PageLoader } from '../components/page-loader';
// In the first bundle: it explains a page whose code failed to download (issue 10).
import { withFullStyles } from './full-styles';
import { RouteError } from './route-error';
// In the first bundle too (issue 29): the sign-in page is where a phone starts, and drawing it
// must not wait for a second round trip and 30 small files; every page's first download is the
// same one file, cached for all.
import { Component as LoginRoute } from './routes/login';

const ROOT_ROUTE_ID = 'root';
let laterPatched = false;

const router = createBrowserRouter(
  [
    {
      id: ROOT_ROUTE_ID,
      // Pathless root: one error fallback for every page (reload, or sign out on a refused session).
      errorElement: <RouteError />,
      // Every navigation starts at the top of the new page (and Back restores the old position).
      element: (
        <>
          <ScrollRestoration />
          <Outlet />
        </>
      ),
      hydrateFallbackElement: <PageLoader />,
      children: [
        // Public site (features/public). The landing has two routes: / and the empty path.
        { path: '/', lazy: withFullStyles(() => import('./routes/landing')) },
        // Institution-branded sign-in screens: one login component, variants as data.
        ...(['snmc', 'ncmch', 'fhmc', 'gims'] as const).map((variant) => ({
          path: `/${variant}`,
          lazy: () =>
            import('./routes/institution-login').then((m) => ({
              Component: () => m.InstitutionLoginRoute({ variant }),
            })),
        })),
        // The two tabs of the login page: one route element for both addresses, so the page and
        // what was typed stay when a tab changes the URL (the page reads the tab from the URL; the
        // addresses draw nothing of their own). Like the institution screens and the logout
        // screen, it needs only the styles main.tsx loads.
        {
          Component: LoginRoute,
          children: [
            { path: '/login', element: null },
            { path: '/staffLogin', element: null },
          ],
        },
        { path: '/logout', lazy: () => import('./routes/logout') },
        { path: '/packages', element: <Navigate to="/#packages" replace /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  {
    // The other pages (later-routes.tsx) join the table on the first navigation that matches
    // none of the routes above or only the catch-all: a direct visit to /dashboard loads them
    // first, one small file.
    async patchRoutesOnNavigation({ patch }) {
      if (laterPatched) return;
      const { laterRoutes } = await import('./later-routes');
      if (laterPatched) return;
      patch(ROOT_ROUTE_ID, laterRoutes);
      laterPatched = true;
    },
  },
);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
