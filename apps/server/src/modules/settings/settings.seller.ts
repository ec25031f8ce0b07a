import { DEFAULT_SAC_CODE, type SellerSettings, SellerSettingsSchema } from '@pgel/shared/commerce/invoices';
import { PublicSettingsSchema } from '@pgel/shared/schemas/settings';
import type { Executor } from '../../db/client';
import { DEFAULT_SETTINGS, SETTING_KEYS } from './settings.defaults';
import * as repo from './settings.repository';

/** The settings key of the seller on GST invoices (issue 28). */
export const SELLER_SETTING_KEY = 'invoiceSeller';

const StoredSeller = SellerSettingsSchema.partial();
const StoredCompany = PublicSettingsSchema.shape.company.partial();

/**
 * What the next invoice prints as its seller. Until Master saves the seller's details the legal
 * name and address are the company's (shown on every public page), the state is unknown and the
 * GSTIN is null, which the invoice prints as "GSTIN not set": never a made-up number. Takes the
 * transaction that issues the invoice, so the invoice and the settings it copied agree.
 */
export async function readSellerSettings(db: Executor): Promise<SellerSettings> {
  const stored = await repo.readSettings(db);
  const company = { ...DEFAULT_SETTINGS.company, ...parsed(StoredCompany, stored.get(SETTING_KEYS.company)) };
  const seller = parsed(StoredSeller, stored.get(SELLER_SETTING_KEY));
  return {
    legalName: seller.legalName ?? company.name,
    address: seller.address ?? company.address,
    state: seller.state ?? null,
    gstin: seller.gstin ?? null,
    sacCode: seller.sacCode ?? DEFAULT_SAC_CODE,
  };
}

/** A stored value of the wrong shape counts as not set (one bad row must not stop payments). */
function parsed<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): Partial<T> {
  if (value === undefined) return {};
  const result = schema.safeParse(value);
  return result.success ? result.data : {};
}
