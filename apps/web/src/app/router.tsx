import { createBrowserRouter, Navigate, Outlet, RouterProvider, ScrollRestoration } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from './route-error';
import { SessionGuard } from './session-guard';

const router = createBrowserRouter([
  {
    // Pathless root: one error fallback (log out, show the logout screen) for every page.
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
      { path: '/', lazy: () => import('./routes/landing') },
      { path: '/howtowork', lazy: () => import('./routes/how-it-works') },
      {
        path: '/policy',
        lazy: () => import('./routes/legal').then((m) => ({ Component: m.PrivacyPolicyRoute })),
      },
      {
        path: '/refundPolicy',
        lazy: () => import('./routes/legal').then((m) => ({ Component: m.RefundPolicyRoute })),
      },
      { path: '/t&c', lazy: () => import('./routes/legal').then((m) => ({ Component: m.TermsRoute })) },
      {
        path: '/disclaimer',
        lazy: () => import('./routes/legal').then((m) => ({ Component: m.DisclaimerRoute })),
      },
      { path: '/contact', lazy: () => import('./routes/contact') },
      { path: '/thank-you', lazy: () => import('./routes/thank-you') },
      { path: '/launching', lazy: () => import('./routes/launching') },
      // Institution-branded sign-in screens: one login component, variants as data.
      ...(['snmc', 'ncmch', 'fhmc', 'gims'] as const).map((variant) => ({
        path: `/${variant}`,
        lazy: () =>
          import('./routes/institution-login').then((m) => ({
            Component: () => m.InstitutionLoginRoute({ variant }),
          })),
      })),
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
            children: [
              { path: '/dashboard', lazy: () => import('./routes/dashboard') },
              { path: '/profile', lazy: () => import('./routes/profile') },
              // Reference data (features/reference): Master, except institutions (any staff).
              { path: '/addCollege', lazy: () => import('./routes/colleges') },
              { path: '/computency', lazy: () => import('./routes/competencies') },
              { path: '/skills', lazy: () => import('./routes/skills') },
              { path: '/specialty', lazy: () => import('./routes/specialities') },
              { path: '/addInstitute', lazy: () => import('./routes/institutions') },
              { path: '/allStudent', lazy: () => import('./routes/students') },
              // Staff (features/staff): /allStaff for the HOD, /allHod (All Staffs) for Master.
              { path: '/allStaff', lazy: () => import('./routes/staff') },
              { path: '/allHod', lazy: () => import('./routes/all-staffs') },
              // Logbook (features/records): one report screen for every record kind of the registry.
              { path: '/task/:id', lazy: () => import('./routes/task') },
              // React Router matches paths without case, so this is also /checklist.
              { path: '/checkList', lazy: () => import('./routes/checklist') },
            ],
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
