import { type GatewayId, PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import { isApiError } from '../../../lib/api-client';

/**
 * The message for an order that could not be created: the server's own for a refusal (coupon
 * used, package gone, gateway unavailable, already paid) and for a gateway's failure (502); the
 * spec's text when the server gave none or could not be reached.
 */
export function orderErrorMessage(error: unknown, gateway: GatewayId): string {
  if (isApiError(error) && error.status >= 400 && error.status !== 500) return error.message;
  return gateway === 'phonepe' ? PAYMENT_MESSAGES.phonePeOrderFailed : PAYMENT_MESSAGES.createOrderFailed;
}
