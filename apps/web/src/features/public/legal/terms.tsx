import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { LEGAL_FACTS, NOT_AFFILIATED } from './legal-facts';

const F = LEGAL_FACTS;

/** /t&c: terms, disclaimer, privacy, subscription, liability, governing law and arbitration. */
export function TermsText() {
  return (
    <>
      <h2>1. Agreement</h2>
      <p>
        These Terms &amp; Conditions govern your use of PG e-Logbook, the website and web application in which
        postgraduate medical students record their training and faculty verify and score it. By creating an
        account, buying a package or using the service you accept these terms. If you do not accept them,
        please do not use the service.
      </p>

      <h2>2. The service</h2>
      <p>
        PG e-Logbook lets students record training activities (academic sessions, clinical cases, procedures,
        postings, presentations, leave and more), upload certificates and documents, and follow the
        verification of each entry. Faculty and heads of department of the student’s college verify, score and
        comment on entries and manage the students of their department.
      </p>
      <p>
        {NOT_AFFILIATED} See our <Link to={paths.disclaimer}>Disclaimer</Link>.
      </p>

      <h2>3. Accounts</h2>
      <ul>
        <li>
          Students register themselves with their college, department and course. The information you give
          must be true and complete, and you must keep it up to date in your profile.
        </li>
        <li>
          A student account is approved by a teacher or the head of department of the student’s department
          after checking the college ID proof.
        </li>
        <li>
          Faculty accounts are created when a student adds a teacher or by an administrator. Faculty must
          complete their profile with an ID proof.
        </li>
        <li>
          An account is personal. Keep your password secret; you are responsible for everything done with your
          account. Tell us at once if you believe someone else has used it.
        </li>
      </ul>

      <h2>4. Subscription and payment</h2>
      <ul>
        <li>
          A package is bought with a one-time payment in Indian Rupees (INR). It covers {F.subscriptionYears}{' '}
          years of use from activation and does not renew automatically.
        </li>
        <li>
          GST of {F.gstPercent}% is added to the package price after any coupon discount. The amount to pay,
          including GST, is shown before you confirm the payment.
        </li>
        <li>
          Payments are processed by our payment partners. We do not receive or store your card or bank
          details.
        </li>
        <li>Prices may change for new subscriptions; a change never affects a subscription already paid.</li>
      </ul>

      <h2>5. Refunds</h2>
      <p>
        A refund can be requested within {F.refundRequestDays} days of payment and only before the account is
        activated; no refund is given after activation, except for duplicate payments and verified technical
        failures. The full rules are in our <Link to={paths.refund}>Refund Policy</Link>.
      </p>

      <h2>6. Your responsibilities</h2>
      <ul>
        <li>Record only activities you actually took part in, with correct dates and details.</li>
        <li>
          Respect patient confidentiality. Record patient details only as far as your institution permits, and
          never upload documents you are not allowed to share.
        </li>
        <li>
          Do not upload unlawful, offensive or infringing material, and do not try to access other users’ data
          or disturb the service.
        </li>
        <li>Faculty verify and score entries honestly and only for students of their own department.</li>
      </ul>

      <h2>7. Verification and academic decisions</h2>
      <p>
        Verification, scores and feedback are given by the faculty of your institution, not by us. Whether
        your logbook is accepted for an examination, an eligibility check or an inspection is decided by your
        college, your university and the regulator.
      </p>

      <h2>8. Your content and our software</h2>
      <p>
        You keep the rights to the records and documents you upload. You allow us to store, process and show
        them to the users who may see them, only to provide the service. The software, design, name and logo
        of PG e-Logbook belong to us and may not be copied or resold.
      </p>

      <h2>9. Privacy</h2>
      <p>
        How we collect, use and protect personal data is described in our{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>, which is part of these terms.
      </p>

      <h2>10. Availability</h2>
      <p>
        We work to keep the service available at all times, but it may be interrupted for maintenance, updates
        or reasons beyond our control. We announce planned maintenance in advance where we can.
      </p>

      <h2>11. Limitation of liability</h2>
      <ul>
        <li>
          The service is provided “as is”. We take care to keep your data safe and the service working, but we
          do not promise that it will be free of errors or interruptions.
        </li>
        <li>
          To the extent the law allows, we are not liable for indirect or consequential losses, for loss of
          opportunity, or for decisions of colleges, universities or regulators about your training records.
        </li>
        <li>
          Our total liability for any claim about the service is limited to the amount you paid for your
          subscription.
        </li>
        <li>Nothing in these terms limits a liability that cannot be limited under Indian law.</li>
      </ul>

      <h2>12. Suspension and termination</h2>
      <p>
        We may suspend or close an account that breaks these terms, for example by recording false entries or
        sharing its password. A head of department may block a student account of their department. You may
        stop using the service at any time; refunds then follow the Refund Policy.
      </p>

      <h2>13. Changes to these terms</h2>
      <p>
        We may update these terms. The date at the top of this page shows when they last changed; important
        changes are announced in the application or by e-mail before they apply.
      </p>

      <h2>14. Governing law and disputes</h2>
      <ul>
        <li>These terms are governed by {F.governingLaw}.</li>
        <li>
          If a dispute arises, either side first notifies the other in writing and both try to settle it
          amicably within {F.amicableResolutionDays} days of that notice.
        </li>
        <li>
          A dispute not settled in that time is referred to arbitration by a sole arbitrator under the
          Arbitration and Conciliation Act, 1996. The seat and venue of arbitration is {F.arbitrationSeat},
          and the proceedings are held in English.
        </li>
        <li>Subject to arbitration, the courts at {F.arbitrationSeat} have exclusive jurisdiction.</li>
      </ul>
    </>
  );
}
