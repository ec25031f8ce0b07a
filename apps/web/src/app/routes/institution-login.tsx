import { LoginPage } from '../../features/auth/components/login-page';
import { INSTITUTIONS, type InstitutionSlug } from '../../features/public/institutions';
import { useInstitutionSignupLink } from '../../features/public/use-institution-signup-link';

/** /snmc, /ncmch, /fhmc, /gims: the login page with the institution's branding. */
export function InstitutionLoginRoute({ variant }: { variant: InstitutionSlug }) {
  const institution = INSTITUTIONS[variant];
  const signupLink = useInstitutionSignupLink(institution);
  return (
    <LoginPage
      kind="student"
      variant={{ name: institution.name, logoSrc: institution.logoSrc, signupLink }}
    />
  );
}
