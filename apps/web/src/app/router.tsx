import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { getStoredUser } from '../lib/session';
import { RouteError } from './route-error';
import { SessionGuard } from './session-guard';

/** `/` has no landing page yet: signed-in visitors go to the dashboard, others to login. */
function RootRedirect() {
  return <Navigate to={getStoredUser() ? '/dashboard' : '/login'} replace />;
}

const router = createBrowserRouter([
  {
    // Pathless root: one error fallback (log out, show the logout screen) for every page.
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        path: '/login',
        lazy: () => import('./routes/login').then((m) => ({ Component: m.StudentLoginRoute })),
      },
      {
        path: '/staffLogin',
        lazy: () => import('./routes/login').then((m) => ({ Component: m.StaffLoginRoute })),
      },
      { path: '/signup', lazy: () => import('./routes/signup') },
      { path: '/logout', lazy: () => import('./routes/logout') },
      {
        path: '/verify/:token',
        lazy: () => import('./routes/verify').then((m) => ({ Component: m.VerifyStudentRoute })),
      },
      {
        path: '/verifyStaff/:token',
        lazy: () => import('./routes/verify').then((m) => ({ Component: m.VerifyStaffRoute })),
      },
      {
        path: '/verifyDRPC/:token',
        lazy: () => import('./routes/verify').then((m) => ({ Component: m.VerifyDrpcRoute })),
      },
      { path: '/reset-password/:token', lazy: () => import('./routes/reset-password') },
      {
        element: <SessionGuard />,
        children: [
          {
            lazy: () => import('./signed-in-frame'),
            children: [{ path: '/dashboard', lazy: () => import('./routes/dashboard') }],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
