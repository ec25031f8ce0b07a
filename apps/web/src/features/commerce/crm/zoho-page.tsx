import { Button } from '@mantine/core';
import { CRM_MESSAGES } from '@pgel/shared/commerce/crm';
import { GENERIC_MESSAGES } from '@pgel/shared/schemas/common';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { showMessage } from '../../../components/dialogs';
import { StatusPanel } from '../../../components/status-panel';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useZohoCallback } from '../api/crm';

/** The dialog title and text for a failed callback (spec 01 section 8). */
function failure(error: unknown): { title: string; message: string } {
  if (isApiError(error) && error.isNetworkError) {
    return { title: CRM_MESSAGES.requestFailedTitle, message: error.message };
  }
  if (isApiError(error) && error.message && error.message !== GENERIC_MESSAGES.fallback) {
    return { title: CRM_MESSAGES.failedTitle, message: error.message };
  }
  return { title: CRM_MESSAGES.failedTitle, message: CRM_MESSAGES.fallback };
}

/**
 * /zoho: where the CRM sends Master back after authorising the app, with `?code=`. The code is
 * posted once (it is single-use; StrictMode runs effects twice) and the server exchanges it.
 */
export function ZohoPage() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const callback = useZohoCallback();
  const { mutate } = callback;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === code) return;
    sentFor.current = code;
    if (!code) {
      void showMessage({ title: CRM_MESSAGES.failedTitle, message: CRM_MESSAGES.missingCode, tone: 'error' });
      return;
    }
    mutate(code, {
      onError: (error) => void showMessage({ ...failure(error), tone: 'error' }),
    });
  }, [code, mutate]);

  const home = (
    <Button component={Link} to={paths.dashboard}>
      Go to Dashboard
    </Button>
  );
  let panel: ReactNode;
  if (!code) {
    panel = (
      <StatusPanel
        status="error"
        title={CRM_MESSAGES.failedTitle}
        message={CRM_MESSAGES.missingCode}
        actions={home}
      />
    );
  } else if (callback.isSuccess) {
    panel = <StatusPanel status="success" title="Zoho CRM" message={callback.data.message} actions={home} />;
  } else if (callback.isError) {
    const { title, message } = failure(callback.error);
    panel = <StatusPanel status="error" title={title} message={message} actions={home} />;
  } else {
    panel = <StatusPanel status="loading" title="Zoho CRM" message={CRM_MESSAGES.authorising} />;
  }
  return <AuthShell>{panel}</AuthShell>;
}
