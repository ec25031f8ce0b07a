import { z } from 'zod';

/**
 * The CRM OAuth callback (/zoho, spec 01 sections 7 and 8): Master authorises the CRM app, the
 * CRM sends the browser back with `?code=`, the page posts it and the server exchanges it at the
 * configured token endpoint and keeps the token encrypted.
 */
export const CRM_MESSAGES = {
  authorising: 'Authorising with Zoho CRM, please wait…',
  authorised: 'Zoho CRM connected successfully.',
  failedTitle: 'Authorization Failed',
  requestFailedTitle: 'Request Failed',
  fallback: 'Something went wrong. Please try again.',
  missingCode: 'The authorisation code is missing from the address.',
  notConfigured: 'Zoho CRM is not configured on this server (set ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET).',
  exchangeFailed: (error: string) => `Zoho refused the authorisation code: ${error}`,
  unreachable: 'Zoho CRM could not be reached. Please try again.',
} as const;

export const CrmCallbackSchema = z.object({
  code: z
    .string({ error: CRM_MESSAGES.missingCode })
    .trim()
    .min(1, { error: CRM_MESSAGES.missingCode })
    .max(2000),
});
export const CrmCallbackResponseSchema = z.object({
  message: z.string(),
  /** The CRM's API address for this account (not secret); the token itself never leaves the server. */
  apiDomain: z.string().nullable(),
  connectedAt: z.string(),
});
