import type { GatewayId } from '@pgel/shared/commerce/payments';
import type { PaymentSettings } from '../../../config';
import type { PaymentGateway } from './gateway';
import { PhonePeGateway } from './phonepe';
import { RazorpayGateway } from './razorpay';
import { SandboxGateway } from './sandbox';

/**
 * The configured gateways in the order the page offers them: Razorpay (the default), PhonePe,
 * then the sandbox. A Map keeps that insertion order for GET /payments/gateways.
 */
export function createGateways(settings: PaymentSettings, appUrl: string): Map<GatewayId, PaymentGateway> {
  const gateways = new Map<GatewayId, PaymentGateway>();
  if (settings.razorpay) gateways.set('razorpay', new RazorpayGateway(settings.razorpay));
  if (settings.phonepe) gateways.set('phonepe', new PhonePeGateway(settings.phonepe));
  if (settings.sandbox) gateways.set('sandbox', new SandboxGateway(appUrl));
  return gateways;
}
