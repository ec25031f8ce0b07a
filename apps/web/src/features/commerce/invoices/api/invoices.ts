import {
  type InvoiceList,
  InvoiceListSchema,
  type MyInvoices,
  MyInvoicesSchema,
  type SellerSettings,
  type SellerSettingsInput,
  SellerSettingsResponseSchema,
  SellerSettingsSchema,
} from '@pgel/shared/commerce/invoices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListParams, listSearchParams } from '../../../../components/data-table';
import { apiRequest } from '../../../../lib/api-client';

/** Query keys of the GST invoices (issue 28). */
export const invoiceKeys = {
  mine: ['invoices', 'mine'] as const,
  all: ['invoices', 'all'] as const,
  seller: ['settings', 'seller'] as const,
};

/** `GET /me/invoices`: the signed-in student's own invoices, newest first. */
export async function listMyInvoices(signal?: AbortSignal): Promise<MyInvoices> {
  return MyInvoicesSchema.parse(await apiRequest<unknown>('/me/invoices', { signal }));
}

export const myInvoicesQueryOptions = () =>
  queryOptions({ queryKey: invoiceKeys.mine, queryFn: ({ signal }) => listMyInvoices(signal) });

export function useMyInvoices() {
  return useQuery(myInvoicesQueryOptions());
}

/** `GET /invoices` (Master): every invoice, newest first, searched by number, name or e-mail. */
export async function listInvoices(params: ListParams, signal?: AbortSignal): Promise<InvoiceList> {
  const payload = await apiRequest<unknown>(`/invoices?${listSearchParams(params)}`, { signal });
  return InvoiceListSchema.parse(payload);
}

/** `GET /settings/seller` (Master): the seller new invoices print. */
export async function getSellerSettings(signal?: AbortSignal): Promise<SellerSettings> {
  return SellerSettingsSchema.parse(await apiRequest<unknown>('/settings/seller', { signal }));
}

export const sellerSettingsQueryOptions = () =>
  queryOptions({ queryKey: invoiceKeys.seller, queryFn: ({ signal }) => getSellerSettings(signal) });

export function useSellerSettings() {
  return useQuery(sellerSettingsQueryOptions());
}

/** `PUT /settings/seller` (Master). */
export async function saveSellerSettings(input: SellerSettingsInput) {
  const payload = await apiRequest<unknown>('/settings/seller', { method: 'PUT', body: input });
  return SellerSettingsResponseSchema.parse(payload);
}

export function useSaveSellerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSellerSettings,
    onSuccess: ({ seller }) => queryClient.setQueryData(invoiceKeys.seller, seller),
  });
}
