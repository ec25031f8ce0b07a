import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { CRM_MESSAGES } from '@pgel/shared/commerce/crm';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { type FakeRoute, fakeApi, PATIENTLY, readDialog } from '../../records/components/test-support';
import { ZohoPage } from './zoho-page';

afterEach(() => vi.unstubAllGlobals());

function openZoho(url: string) {
  const router = createMemoryRouter([{ path: '/zoho', element: <ZohoPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={theme}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

function answer(route: FakeRoute) {
  return fakeApi({ 'POST /crm/zoho/callback': route });
}

describe('ZohoPage', () => {
  it('posts the code once while saying it is authorising, then says it is connected', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      await held;
      return Response.json(
        {
          message: CRM_MESSAGES.authorised,
          apiDomain: 'https://www.zohoapis.in',
          connectedAt: '2025-04-10T10:00:00Z',
        },
        { status: 200 },
      );
    });
    openZoho('/zoho?code=1000.abc&location=in');
    expect(await screen.findByText(CRM_MESSAGES.authorising, {}, PATIENTLY)).toBeTruthy();
    release();
    expect(await screen.findByText(CRM_MESSAGES.authorised, {}, PATIENTLY)).toBeTruthy();
    expect(sent).toEqual([{ code: '1000.abc' }]);
  });

  it("shows 'Authorization Failed' with the server's message", async () => {
    answer({ status: 503, body: { code: 'unavailable', message: CRM_MESSAGES.notConfigured } });
    openZoho('/zoho?code=abc');
    expect((await readDialog(CRM_MESSAGES.failedTitle)).textContent).toContain(CRM_MESSAGES.notConfigured);
  });

  it("shows 'Authorization Failed' with the fallback when the server gives no message", async () => {
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 500 }));
    openZoho('/zoho?code=abc');
    expect((await readDialog(CRM_MESSAGES.failedTitle)).textContent).toContain(CRM_MESSAGES.fallback);
  });

  it("shows 'Request Failed' when the server cannot be reached", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    openZoho('/zoho?code=abc');
    await readDialog(CRM_MESSAGES.requestFailedTitle);
  });

  it('says the code is missing and posts nothing', async () => {
    const sent = answer({ status: 200, body: {} });
    openZoho('/zoho');
    expect((await readDialog(CRM_MESSAGES.failedTitle)).textContent).toContain(CRM_MESSAGES.missingCode);
    await waitFor(() => expect(sent).toHaveLength(0));
  });
});
