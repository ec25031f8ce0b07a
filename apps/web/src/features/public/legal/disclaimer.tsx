import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { NOT_AFFILIATED } from './legal-facts';

/** /disclaimer: above all, that the product is not affiliated with the regulator. */
export function DisclaimerText() {
  return (
    <>
      <h2>1. No affiliation with the regulator</h2>
      <p>
        <strong>{NOT_AFFILIATED}</strong> It is not connected with any government body, university or medical
        council either. The logbook is designed to follow the published regulations for postgraduate medical
        education in India; references to those regulations are for information only and do not mean that any
        authority has approved the product.
      </p>

      <h2>2. Acceptance of your logbook</h2>
      <p>
        Whether a digital logbook, or a printout of it, is accepted for examinations, eligibility checks or
        inspections is decided by your college, your university and the regulator. Please confirm their
        requirements before relying on PG e-Logbook alone.
      </p>

      <h2>3. No medical advice</h2>
      <p>
        PG e-Logbook is a record-keeping tool. Nothing in it is medical advice, and clinical decisions remain
        with qualified practitioners.
      </p>

      <h2>4. Accuracy of records</h2>
      <p>
        Entries are written by students and verified by their faculty. We do not check the clinical content of
        entries, scores or feedback, and we are not responsible for mistakes in them.
      </p>

      <h2>5. Outside links and content</h2>
      <p>
        Our pages link to other websites and show a video hosted by a third party. We are not responsible for
        their content, availability or privacy practices.
      </p>

      <h2>6. Liability</h2>
      <p>
        Our liability is limited as set out in our <Link to={paths.terms}>Terms &amp; Conditions</Link>.
      </p>
    </>
  );
}
