import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { Package } from '@pgel/shared/commerce/packages';
import type { PaymentOrder } from '@pgel/shared/commerce/payments';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { theme } from '../../../app/theme';
import { sessionUser } from '../../../test/session-user';

/** Test helpers of the purchase pages (not shipped: only the tests import this file). */

/** A student who has not paid yet (the cart's visitor). */
export const UNPAID = sessionUser({ paid: false });

export const PACKAGE_ID = '00000000-0000-4000-8000-00000000aa01';

export function pkg(changes: Partial<Package> = {}): Package {
  return {
    id: PACKAGE_ID,
    title: 'Single',
    description: 'For an individual postgraduate student.',
    pricePaise: 1_200_000,
    offerPricePaise: 999_900,
    validityMonths: 36,
    active: true,
    sortOrder: 0,
    offeredEverywhere: true,
    ...changes,
  };
}

export function order(changes: Partial<PaymentOrder> = {}): PaymentOrder {
  return {
    id: '00000000-0000-4000-8000-00000000bb01',
    gateway: 'razorpay',
    packageId: PACKAGE_ID,
    packageTitle: 'Single',
    couponCode: null,
    offerPaise: 999_900,
    discountPaise: 0,
    taxablePaise: 999_900,
    gstPaise: 179_982,
    amountPaise: 1_179_882,
    status: 'created',
    createdAt: '2025-04-10T10:00:00.000Z',
    paidAt: null,
    ...changes,
  };
}

/** Shows where the app went (for the pages a purchase page sends the student to). */
function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <h1>
      {name}
      {location.search}
    </h1>
  );
}

type RenderOptions = {
  /** The signed-in user `GET /auth/me` starts from (null: nobody; the fake API answers the check). */
  user?: SessionUser | null;
  state?: unknown;
};

/**
 * Renders a purchase page at `url` the way the app mounts it: outside the session guard, the
 * modals manager beside the router so a dialog survives a navigation, and stand-ins for the
 * pages it may open.
 */
export function renderPage(
  path: string,
  element: ReactNode,
  url: string,
  { user, state }: RenderOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user) queryClient.setQueryData(['auth', 'me'], user);
  const router = createMemoryRouter(
    [
      { path, element },
      ...['/cart', '/payment', '/dashboard', '/login', '/logout', '/profile']
        .filter((other) => other !== path)
        .map((other) => ({ path: other, element: <Landing name={`page ${other}`} /> })),
    ],
    {
      initialEntries: [
        {
          pathname: url.split('?')[0] ?? url,
          search: url.includes('?') ? `?${url.split('?')[1]}` : '',
          state,
        },
      ],
    },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
