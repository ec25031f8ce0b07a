import { Alert, Button, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PACKAGE_MESSAGES, type Package } from '@pgel/shared/commerce/packages';
import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import type { SessionUser } from '@pgel/shared/schemas/session-user';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../components/brand';
import { PageLoader } from '../../../components/page-loader';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../lib/paths';
import { readRouteNotice } from '../../../lib/route-notice';
import { usePackages } from '../api/packages';
import { PackageCard } from './package-card';
import { PaymentModal } from './payment-modal';
import { PurchaseShell } from './purchase-shell';
import { SupportChat } from './support-chat';
import { useBuyer } from './use-buyer';

/**
 * /cart, the package page (spec 01 section 2.8): the packages with Buy Now, for a student who
 * has not paid. Nobody signed in: /logout, as the spec has it. A student sent here by sign-in
 * sees the server's sign-in message (spec 01 section 2.4) above the packages.
 */
export function CartPage() {
  const buyer = useBuyer();
  const notice = readRouteNotice(useLocation().state);
  if (buyer.state === 'checking') return <PageLoader />;
  if (buyer.state === 'signed-out') return <Navigate to={paths.logout} replace />;
  return (
    <PurchaseShell withLogout>
      <SupportChat />
      <CartContent user={buyer.user} notice={notice} />
    </PurchaseShell>
  );
}

function CartContent({ user, notice }: { user: SessionUser; notice: string | null }) {
  // Staff buy nothing; a paid student has nothing left to buy (the server refuses both).
  if (user.role !== null || user.paid) {
    return (
      <StatusPanel
        status="success"
        title={PRODUCT_NAME}
        message={user.role !== null ? PAYMENT_MESSAGES.studentsOnly : PAYMENT_MESSAGES.alreadyPaid}
        actions={
          <Center>
            <Button component={Link} to={paths.dashboard}>
              Go to Dashboard
            </Button>
          </Center>
        }
      />
    );
  }
  return <PackageList notice={notice} />;
}

function PackageList({ notice }: { notice: string | null }) {
  const packages = usePackages();
  const [buying, setBuying] = useState<Package | null>(null);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {PRODUCT_NAME}
        </Title>
        <Text c="dimmed">
          Choose your package to start using your logbook: these are the packages offered to your college. GST
          of 18 % is added at payment.
        </Text>
      </Stack>
      {notice ? (
        // A status, not an alert: it is what the student came here to do, not an error.
        <Alert color="blue" variant="light" role="status" aria-label="Sign-in notice">
          {notice}
        </Alert>
      ) : null}
      {packages.isPending ? (
        <Center py="xl" role="status" aria-label="Loading packages">
          <Loader />
        </Center>
      ) : packages.isError ? (
        <Alert color="red" variant="light" title={GENERIC_MESSAGES.errorTitle} role="alert">
          {PACKAGE_MESSAGES.fetchFailed}
          <div>
            <Button
              mt="sm"
              variant="light"
              color="red"
              onClick={() => packages.refetch()}
              loading={packages.isRefetching}
            >
              Try again
            </Button>
          </div>
        </Alert>
      ) : packages.data.length === 0 ? (
        <Alert variant="light" title="No packages">
          No package is on offer right now. Please try again later.
        </Alert>
      ) : (
        // At least two columns from tablets up: a college offered Single alone gets a card, not a banner.
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: Math.min(Math.max(packages.data.length, 2), 4) }}
          spacing="lg"
        >
          {packages.data.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} onBuy={setBuying} />
          ))}
        </SimpleGrid>
      )}
      {buying ? <PaymentModal pkg={buying} onClose={() => setBuying(null)} /> : null}
    </Stack>
  );
}
