import { Button } from '@mantine/core';
import { VERIFY_MESSAGES } from '@pgel/shared/schemas/auth';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { StatusPanel } from '../../../components/status-panel';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useVerifyEmail, type VerifyKind } from '../api/verify-email';

/** Students log in on /login; staff and DRP coordinators on /staffLogin. */
const LOGIN_PATH: Record<VerifyKind, string> = {
  student: paths.login,
  staff: paths.staffLogin,
  drpc: paths.staffLogin,
};

/** /verify/:token, /verifyStaff/:token, /verifyDRPC/:token: consumes the link once on load. */
export function VerifyEmailPage({ kind }: { kind: VerifyKind }) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const verify = useVerifyEmail(kind);
  const { mutate } = verify;
  // A token is single-use: StrictMode runs effects twice, and a second call would report failure.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  let panel: ReactNode;
  if (verify.isSuccess) {
    panel = (
      <StatusPanel
        status="success"
        title={VERIFY_MESSAGES.successTitle}
        message={verify.data.message}
        actions={<Button onClick={() => navigate(LOGIN_PATH[kind])}>Go to Login</Button>}
      />
    );
  } else if (verify.isError) {
    const networkFailure =
      isApiError(verify.error) && (verify.error.isNetworkError || verify.error.status >= 500);
    panel = (
      <StatusPanel
        status="error"
        title={VERIFY_MESSAGES.failedTitle}
        message={networkFailure ? VERIFY_MESSAGES.networkError : errorMessage(verify.error)}
        actions={<Button onClick={() => navigate(paths.signup)}>Go to Signup</Button>}
      />
    );
  } else {
    panel = <StatusPanel status="loading" title={VERIFY_MESSAGES.progress} />;
  }

  return <AuthShell>{panel}</AuthShell>;
}
