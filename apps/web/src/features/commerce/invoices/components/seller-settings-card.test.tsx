import { ModalsProvider } from '@mantine/modals';
import { INVOICE_MESSAGES, type SellerSettings } from '@pgel/shared/commerce/invoices';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render';
import { SellerSettingsCard } from './seller-settings-card';

const STORED: SellerSettings = {
  legalName: 'Logbook Services Pvt Ltd',
  address: '12 MG Road, Pune',
  state: 'Maharashtra',
  gstin: null,
  sacCode: '998315',
};

/** GET answers the stored seller; PUT answers what it was sent, and is recorded. */
function fakeApi() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe('/api/v1/settings/seller');
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return Response.json({ message: INVOICE_MESSAGES.saved, seller: body });
      }
      return Response.json(STORED);
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('SellerSettingsCard', () => {
  it('warns that no GSTIN is set, names a mistyped GSTIN without asking the server, and saves a good one', async () => {
    const sent = fakeApi();
    renderWithApp(
      <ModalsProvider>
        <SellerSettingsCard />
      </ModalsProvider>,
    );
    expect(await screen.findByText(/No GSTIN is set/)).toBeTruthy();
    const gstin = screen.getByLabelText('GSTIN');
    const save = screen.getByRole('button', { name: 'Save seller details' });

    fireEvent.change(gstin, { target: { value: '27AAPFU0939F1ZW' } });
    fireEvent.click(save);
    expect(await screen.findByText(INVOICE_MESSAGES.gstinChecksum)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(gstin, { target: { value: '27aapfu0939f1zv' } });
    fireEvent.click(save);
    await waitFor(() => expect(sent).toEqual([{ ...STORED, gstin: '27AAPFU0939F1ZV' }]));
    expect(await screen.findByText(INVOICE_MESSAGES.saved)).toBeTruthy();
  });
});
