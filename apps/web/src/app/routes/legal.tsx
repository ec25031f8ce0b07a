import { LegalPage } from '../../features/public/components/legal-page';
import { DisclaimerText } from '../../features/public/legal/disclaimer';
import { PrivacyPolicyText } from '../../features/public/legal/privacy-policy';
import { RefundPolicyText } from '../../features/public/legal/refund-policy';
import { TermsText } from '../../features/public/legal/terms';

export function PrivacyPolicyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary="What personal data PG e-Logbook collects, why we use it, who can see it and the choices you have."
    >
      <PrivacyPolicyText />
    </LegalPage>
  );
}

export function RefundPolicyRoute() {
  return (
    <LegalPage
      title="Refund Policy"
      summary="When a package payment can be refunded, how to ask for it and how long the money takes to reach you."
    >
      <RefundPolicyText />
    </LegalPage>
  );
}

export function TermsRoute() {
  return (
    <LegalPage
      title="Terms & Conditions"
      summary="The agreement between you and PG e-Logbook: accounts, subscription, responsibilities, liability and how disputes are resolved."
    >
      <TermsText />
    </LegalPage>
  );
}

export function DisclaimerRoute() {
  return (
    <LegalPage
      title="Disclaimer"
      summary="What PG e-Logbook is and is not, and who decides whether your logbook is accepted."
    >
      <DisclaimerText />
    </LegalPage>
  );
}
