import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { sandboxPayments } from '../../../db/schema/index';
import type {
  ConfirmInput,
  GatewayOrder,
  GatewayOrderInput,
  PaymentGateway,
  PaymentOutcome,
} from './gateway';

export type SandboxState = 'pending' | 'completed' | 'failed';

export type SandboxPayment = {
  gatewayOrderId: string;
  amountPaise: number;
  description: string;
  userId: string;
  returnUrl: string;
  state: SandboxState;
  paymentId: string | null;
};

/**
 * The local gateway used when no real gateway has keys (PAYMENT_SANDBOX). It keeps its own state
 * in `sandbox_payments` as a real gateway would, and the student "pays" on its checkout page, so
 * verification asks the gateway's row, never the page. No money moves; it has no webhooks.
 */
export class SandboxGateway implements PaymentGateway {
  readonly id = 'sandbox' as const;
  constructor(private readonly appUrl: string) {}

  async createOrder(input: GatewayOrderInput, db: Executor): Promise<GatewayOrder> {
    const gatewayOrderId = `sbx_${randomBytes(12).toString('hex')}`;
    await db.insert(sandboxPayments).values({
      gatewayOrderId,
      amountPaise: input.amountPaise,
      description: input.description,
      userId: input.customer.id,
      returnUrl: input.returnUrl,
    });
    return {
      gatewayOrderId,
      checkout: {
        type: 'redirect',
        url: `${this.appUrl}/sandbox-checkout/${encodeURIComponent(gatewayOrderId)}`,
      },
    };
  }

  async confirm(input: ConfirmInput, db: Executor): Promise<PaymentOutcome> {
    const row = await this.find(db, input.gatewayOrderId);
    if (!row) return { status: 'invalid', reason: 'unknown sandbox order' };
    if (row.state === 'completed' && row.paymentId) {
      return { status: 'paid', paymentId: row.paymentId, amountPaise: row.amountPaise };
    }
    if (row.state === 'failed')
      return { status: 'failed', paymentId: null, reason: 'sandbox payment failed' };
    return { status: 'pending' };
  }

  /** The sandbox's checkout page: only the student whose order it is sees it. */
  async find(db: Executor, gatewayOrderId: string, userId?: string): Promise<SandboxPayment | undefined> {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(
        userId === undefined
          ? eq(sandboxPayments.gatewayOrderId, gatewayOrderId)
          : and(eq(sandboxPayments.gatewayOrderId, gatewayOrderId), eq(sandboxPayments.userId, userId)),
      )
      .limit(1);
    return row ? { ...row, state: row.state as SandboxState } : undefined;
  }

  /**
   * The Pay or Fail button. Only a pending payment changes (a second click, or Fail after Pay,
   * leaves the first answer), as a real gateway never un-captures a payment.
   */
  async complete(db: Executor, gatewayOrderId: string, outcome: 'success' | 'failure'): Promise<boolean> {
    const changed = await db
      .update(sandboxPayments)
      .set(
        outcome === 'success'
          ? {
              state: 'completed',
              paymentId: `sbxpay_${randomBytes(12).toString('hex')}`,
              completedAt: new Date(),
            }
          : { state: 'failed', completedAt: new Date() },
      )
      .where(and(eq(sandboxPayments.gatewayOrderId, gatewayOrderId), eq(sandboxPayments.state, 'pending')))
      .returning({ id: sandboxPayments.gatewayOrderId });
    return changed.length > 0;
  }
}
