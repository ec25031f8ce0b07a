import { PRODUCT_NAME } from '../../components/brand';
import { paths } from '../../lib/paths';
import { usePublicSettings } from './api/get-public-settings';
import { chatHref } from './contact-links';
import type { Institution } from './institutions';

export type SignupLink = { href: string; external: boolean };

/**
 * Where the Sign up link of an institution's sign-in screen goes: nowhere special (/signup) for
 * self-registration, else a chat with the company's phone number from settings; the contact page
 * stands in while the settings are unknown.
 */
export function useInstitutionSignupLink(institution: Institution): SignupLink | undefined {
  const { data: settings } = usePublicSettings();
  if (institution.signup === 'self') return undefined;
  const href = settings
    ? chatHref(
        settings.company.phone,
        `Hello, I am a postgraduate student of ${institution.shortName} and would like to sign up for ${PRODUCT_NAME}.`,
      )
    : null;
  return href ? { href, external: true } : { href: paths.contact, external: false };
}
