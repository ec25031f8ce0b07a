import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { LEGAL_FACTS } from './legal-facts';

const F = LEGAL_FACTS;

/** /refundPolicy (spec 01 section 9). */
export function RefundPolicyText() {
  return (
    <>
      <h2>1. What you pay for</h2>
      <p>
        A PG e-Logbook package is a one-time payment in Indian Rupees that covers {F.subscriptionYears} years
        of use from activation. GST of {F.gstPercent}% is added to the package price after any coupon
        discount. Your account is activated once the payment is confirmed and the logbook is opened for you.
      </p>

      <h2>2. When you can ask for a refund</h2>
      <ul>
        <li>
          You may ask for a refund within <strong>{F.refundRequestDays} days of payment</strong>.
        </li>
        <li>
          <strong>No refund is given after activation.</strong> Once the account has been activated, the
          subscription counts as used, even if you have not recorded any entries yet.
        </li>
        <li>Requests made more than {F.refundRequestDays} days after payment cannot be accepted.</li>
      </ul>

      <h2>3. Exceptions</h2>
      <p>We refund in these cases even when the conditions above are not met:</p>
      <ul>
        <li>
          <strong>Duplicate payment</strong>: if you were charged twice for the same package, the extra
          payment is refunded in full.
        </li>
        <li>
          <strong>Verified technical failure</strong>: if a fault on our side, confirmed by our team, kept you
          from using the service for {F.technicalFailureBusinessDays} or more business days.
        </li>
      </ul>

      <h2>4. How to ask for a refund</h2>
      <p>
        Write to us through the <Link to={paths.contact}>contact form</Link> or by e-mail from the address of
        your account, with:
      </p>
      <ul>
        <li>your name, registered e-mail address and phone number;</li>
        <li>the date and amount of the payment and its transaction or order number;</li>
        <li>the reason for the request.</li>
      </ul>

      <h2>5. How refunds are paid</h2>
      <p>
        We review every request and reply by e-mail. An approved refund is sent back to the original payment
        method and credited within <strong>{F.refundCreditBusinessDays}</strong> of approval. Depending on
        your bank or card issuer, it can take {F.refundBankWorkingDays} for the amount to appear in your
        account. Refunds are not paid in cash or to another account, and coupon discounts are not paid out.
      </p>

      <h2>6. Disputes</h2>
      <p>
        If you disagree with a refund decision, or see a charge you do not recognise, tell us within{' '}
        <strong>{F.disputeWindowDays} days</strong> of the decision or the charge. Please contact us before
        raising a chargeback with your bank: most questions are settled quickly. A dispute we cannot settle is
        handled as described under “Governing law and disputes” in our{' '}
        <Link to={paths.terms}>Terms &amp; Conditions</Link>: an amicable settlement within{' '}
        {F.amicableResolutionDays} days, then arbitration seated in {F.arbitrationSeat}.
      </p>
    </>
  );
}
