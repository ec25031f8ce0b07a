import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** /policy: what we collect, why, who sees it and how long we keep it. */
export function PrivacyPolicyText() {
  return (
    <>
      <h2>1. About this policy</h2>
      <p>
        This policy explains what personal data PG e-Logbook collects, why, who can see it and what you can do
        about it. It applies to the website, the web application and the messages we send. We process personal
        data in line with Indian law, including the Digital Personal Data Protection Act, 2023.
      </p>

      <h2>2. What we collect</h2>
      <ul>
        <li>
          <strong>Account details</strong>: name, e-mail address, phone number, college, department and
          course, and a referral id if you used one.
        </li>
        <li>
          <strong>Profile details</strong>: photo, college ID proof, date of birth, blood group, vaccination
          status, medical council registration number and its validity, address, joining and registration
          dates, university and roll numbers, parents’ names and unit head.
        </li>
        <li>
          <strong>Logbook records</strong>: the activities, cases and procedures you record, the certificates
          and documents you upload, and the verification, scores and feedback given by faculty.
        </li>
        <li>
          <strong>Payment details</strong>: the package, amount, coupon and the payment reference. Card and
          bank details are handled by our payment partners; we never see or store them.
        </li>
        <li>
          <strong>Inquiries</strong>: the name, phone number, e-mail address, subject and message you send
          through a contact form.
        </li>
        <li>
          <strong>Technical data</strong>: sign-in times and the network address of requests, used to keep
          accounts safe (for example to slow down repeated failed logins).
        </li>
      </ul>

      <h2>3. Why we use it</h2>
      <ul>
        <li>to provide the logbook and let the faculty of your department verify your entries;</li>
        <li>
          to send you e-mails and messaging-app notifications about your account, such as verification links,
          approvals and password resets;
        </li>
        <li>to process payments and refunds and keep the records the tax law requires;</li>
        <li>to answer your inquiries and support requests;</li>
        <li>to protect the service against misuse.</li>
      </ul>
      <p>We do not sell personal data and do not use it for advertising.</p>

      <h2>4. Who can see your data</h2>
      <ul>
        <li>you;</li>
        <li>the teachers and the head of department of your college and department;</li>
        <li>our administrators, when needed to support you or run the service;</li>
        <li>
          service providers that work for us (hosting, e-mail and messaging, payments), only for that work;
        </li>
        <li>authorities, when the law requires it.</li>
      </ul>

      <h2>5. Patient information</h2>
      <p>
        Some records, such as clinical cases, can include patient details like a name or an OPD/IPD number.
        Record only what your institution permits and treat it as confidential. These records are shown only
        to you and the faculty who may verify them.
      </p>

      <h2>6. Cookies and browser storage</h2>
      <p>
        We use one essential cookie that keeps you signed in; it cannot be read by scripts on the page. Your
        basic account details are kept in the browser’s session storage so pages open quickly; they are
        removed when you log out or close the tab. We use no advertising or tracking cookies. If you play the
        video on our home page, the video provider may set its own cookies.
      </p>

      <h2>7. Security</h2>
      <p>
        Passwords are stored only as secure hashes. Data travels over encrypted connections. Sessions end
        after 50 minutes without activity. Uploaded documents are served only to users who are allowed to see
        the record they belong to.
      </p>

      <h2>8. How long we keep data</h2>
      <p>
        We keep your account and logbook for the length of your subscription and as long as you may need your
        training records afterwards, unless you ask us to delete them. Payment records are kept as long as the
        tax law requires. Inquiries are kept as long as needed to answer them.
      </p>

      <h2>9. Your rights</h2>
      <p>
        You can see and correct most of your data on your profile page. You may also ask us for a copy of your
        data, its correction or deletion, or withdraw a consent you gave, and you may raise a grievance with
        us. Some records, such as payment records, must be kept by law even after a deletion request.
      </p>

      <h2>10. Changes to this policy</h2>
      <p>
        We may update this policy; the date at the top of the page shows the current version. Important
        changes are announced in the application or by e-mail. See also our{' '}
        <Link to={paths.terms}>Terms &amp; Conditions</Link>.
      </p>
    </>
  );
}
