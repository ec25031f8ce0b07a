import type { RouteObject } from 'react-router';
import { withFullStyles } from './full-styles';

/**
 * Every page but the landing, the sign-in screens and the logout screen. Loaded on the first
 * navigation that needs it (the router's patchRoutesOnNavigation in router.tsx), so this table,
 * and the list of files each of its pages preloads, stay out of the first download of /login
 * (issue 16: its JavaScript budget).
 */
export const laterRoutes: RouteObject[] = [
  { path: '/howtowork', lazy: withFullStyles(() => import('./routes/how-it-works')) },
  {
    path: '/policy',
    lazy: withFullStyles(() => import('./routes/legal').then((m) => ({ Component: m.PrivacyPolicyRoute }))),
  },
  {
    path: '/refundPolicy',
    lazy: withFullStyles(() => import('./routes/legal').then((m) => ({ Component: m.RefundPolicyRoute }))),
  },
  {
    path: '/t&c',
    lazy: withFullStyles(() => import('./routes/legal').then((m) => ({ Component: m.TermsRoute }))),
  },
  {
    path: '/disclaimer',
    lazy: withFullStyles(() => import('./routes/legal').then((m) => ({ Component: m.DisclaimerRoute }))),
  },
  { path: '/contact', lazy: withFullStyles(() => import('./routes/contact')) },
  { path: '/thank-you', lazy: withFullStyles(() => import('./routes/thank-you')) },
  { path: '/launching', lazy: withFullStyles(() => import('./routes/launching')) },
  { path: '/signup', lazy: withFullStyles(() => import('./routes/signup')) },
  {
    path: '/verify/:token',
    lazy: withFullStyles(() => import('./routes/verify').then((m) => ({ Component: m.VerifyStudentRoute }))),
  },
  {
    path: '/verifyStaff/:token',
    lazy: withFullStyles(() => import('./routes/verify').then((m) => ({ Component: m.VerifyStaffRoute }))),
  },
  {
    path: '/verifyDRPC/:token',
    lazy: withFullStyles(() => import('./routes/verify').then((m) => ({ Component: m.VerifyDrpcRoute }))),
  },
  { path: '/reset-password/:token', lazy: withFullStyles(() => import('./routes/reset-password')) },
  // Buying a package (features/commerce): outside the shell, each page sends a visitor
  // without a session to /logout itself (spec 01 sections 2.8, 2.9).
  { path: '/cart', lazy: withFullStyles(() => import('./routes/cart')) },
  { path: '/payment', lazy: withFullStyles(() => import('./routes/payment')) },
  { path: '/payment/return', lazy: withFullStyles(() => import('./routes/payment-return')) },
  { path: '/sandbox-checkout/:id', lazy: withFullStyles(() => import('./routes/sandbox-checkout')) },
  { path: '/zoho', lazy: withFullStyles(() => import('./routes/zoho')) },
  // The public check of a verifiable logbook PDF (features/reports; issue 14): no session.
  { path: '/check/:code', lazy: withFullStyles(() => import('./routes/check-document')) },
  // Pages behind a session.
  {
    lazy: withFullStyles(() => import('./session-guard').then((m) => ({ Component: m.SessionGuard }))),
    children: [
      // The print-ready logbook (features/reports): a page of its own, outside the shell, that
      // /printLogbook opens in a new window and prints.
      {
        path: '/printLogbook/:studentId/print',
        lazy: withFullStyles(() => import('./routes/print-logbook-sheet')),
      },
      {
        lazy: withFullStyles(() => import('./signed-in-frame')),
        children: [
          { path: '/dashboard', lazy: withFullStyles(() => import('./routes/dashboard')) },
          { path: '/profile', lazy: withFullStyles(() => import('./routes/profile')) },
          // Commerce administration (features/commerce): Master.
          { path: '/coupons', lazy: withFullStyles(() => import('./routes/coupons')) },
          { path: '/referral', lazy: withFullStyles(() => import('./routes/referral')) },
          { path: '/managePackages', lazy: withFullStyles(() => import('./routes/manage-packages')) },
          // Reports and the printable logbook (features/reports; issue 14).
          { path: '/reports', lazy: withFullStyles(() => import('./routes/reports')) },
          { path: '/printLogbook', lazy: withFullStyles(() => import('./routes/print-logbook')) },
          // A resident's months and their authentication by the guide (features/monthly-authentication; issue 30).
          {
            path: '/authentication/:studentId',
            lazy: withFullStyles(() => import('./routes/month-authentication')),
          },
          // Reference data (features/reference): Master, except institutions (any staff).
          { path: '/addCollege', lazy: withFullStyles(() => import('./routes/colleges')) },
          { path: '/departments', lazy: withFullStyles(() => import('./routes/departments')) },
          { path: '/computency', lazy: withFullStyles(() => import('./routes/competencies')) },
          { path: '/skills', lazy: withFullStyles(() => import('./routes/skills')) },
          { path: '/specialty', lazy: withFullStyles(() => import('./routes/specialities')) },
          // Every full view of patient identifiers (features/privacy; issue 15): Master.
          {
            path: '/patientAccessLog',
            lazy: withFullStyles(() => import('./routes/patient-access-log')),
          },
          { path: '/addInstitute', lazy: withFullStyles(() => import('./routes/institutions')) },
          { path: '/allStudent', lazy: withFullStyles(() => import('./routes/students')) },
          // Staff (features/staff): /allStaff for the HOD, /allHod (All Staffs) for Master.
          { path: '/allStaff', lazy: withFullStyles(() => import('./routes/staff')) },
          { path: '/allHod', lazy: withFullStyles(() => import('./routes/all-staffs')) },
          // Logbook (features/records): one report screen for every record kind of the registry.
          { path: '/task/:id', lazy: withFullStyles(() => import('./routes/task')) },
          // React Router matches paths without case, so this is also /checklist.
          { path: '/checkList', lazy: withFullStyles(() => import('./routes/checklist')) },
          // Academic records (issue 11): thesis steps and reviews (features/thesis), publications
          // (a record kind), memos (features/memos), appraisal and AETCOM (features/assessments).
          { path: '/synopsis', lazy: withFullStyles(() => import('./routes/synopsis')) },
          { path: '/thesisReview', lazy: withFullStyles(() => import('./routes/thesis-review')) },
          { path: '/publication', lazy: withFullStyles(() => import('./routes/publication')) },
          { path: '/memo', lazy: withFullStyles(() => import('./routes/memo')) },
          { path: '/appeal', lazy: withFullStyles(() => import('./routes/appraisal')) },
          { path: '/atcom', lazy: withFullStyles(() => import('./routes/aetcom')) },
          // DRP (features/drp; activities and logbook uploads are record kinds) and the Forensic
          // Medicine records (record kinds behind a department check), issue 12.
          { path: '/drp/home', lazy: withFullStyles(() => import('./routes/drp-home')) },
          { path: '/drp/attendence', lazy: withFullStyles(() => import('./routes/drp-attendance')) },
          { path: '/drp/proc', lazy: withFullStyles(() => import('./routes/drp-activity')) },
          { path: '/drp/offline', lazy: withFullStyles(() => import('./routes/drp-offline')) },
          {
            path: '/autopsy',
            lazy: withFullStyles(() =>
              import('./routes/forensic').then((m) => ({ Component: m.AutopsyRoute })),
            ),
          },
          {
            path: '/forn/medico',
            lazy: withFullStyles(() =>
              import('./routes/forensic').then((m) => ({ Component: m.MedicoLegalRoute })),
            ),
          },
          {
            path: '/forn/expertOpinion',
            lazy: withFullStyles(() =>
              import('./routes/forensic').then((m) => ({ Component: m.ExpertOpinionRoute })),
            ),
          },
          {
            path: '/forn/crimeScene',
            lazy: withFullStyles(() =>
              import('./routes/forensic').then((m) => ({ Component: m.CrimeSceneRoute })),
            ),
          },
        ],
      },
    ],
  },
];
