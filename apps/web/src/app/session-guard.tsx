import { Alert, Button, Center, Container } from '@mantine/core';
import { accountRestrictionOf, canBuyPackage } from '@pgel/shared/auth/policies';
import { VERIFY_PARAM } from '@pgel/shared/records/verify-param';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { ChoosePasswordPage } from '../features/auth/components/choose-password-page';
import { commercePaths } from '../features/commerce/paths';
import { rememberPageForSignIn } from '../lib/after-sign-in';
import { errorMessage, isApiError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { clearStoredUser, sessionUserQueryOptions } from '../lib/session';

/**
 * Protects the signed-in pages. The stored user (session storage) renders the page at once;
 * `GET /auth/me` confirms the session, and a 401 sends the visitor to /login. An account whose
 * password someone else chose chooses its own first (issue 27). A student who has not paid buys a
 * package first (/cart, outside this guard); staff are never sent there.
 */
export function SessionGuard() {
  const queryClient = useQueryClient();
  const { data: user, error, isPending, refetch, isRefetching } = useQuery(sessionUserQueryOptions());
  const isSignedOut = isApiError(error) && error.status === 401;
  const location = useLocation();
  const page = `${location.pathname}${location.search}`;
  // A link that opens an entry's verification is a faculty member's (issue 30): their tab.
  const loginPath =
    new URLSearchParams(location.search).get(VERIFY_PARAM) === '1' ? paths.staffLogin : paths.login;

  useEffect(() => {
    if (!isSignedOut) return;
    clearStoredUser();
    queryClient.removeQueries({ queryKey: sessionUserQueryOptions().queryKey });
    // Back to this page once signed in (a mail's link, issue 30).
    rememberPageForSignIn(page);
  }, [isSignedOut, queryClient, page]);

  if (isSignedOut) return <Navigate to={loginPath} replace />;
  if (user && accountRestrictionOf(user) === 'password') return <ChoosePasswordPage user={user} />;
  if (user && canBuyPackage(user)) return <Navigate to={commercePaths.cart} replace />;
  // A known user and a failed check for another reason (offline): keep working.
  if (user) return <Outlet />;
  if (isPending) return <PageLoader />;
  return (
    <Center mih="100dvh">
      <Container size={420}>
        <Alert color="red" title={GENERIC_MESSAGES.errorTitle} variant="light">
          {errorMessage(error)}
          <Button mt="md" variant="light" color="red" onClick={() => refetch()} loading={isRefetching}>
            Try again
          </Button>
        </Alert>
      </Container>
    </Center>
  );
}
