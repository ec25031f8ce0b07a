import { paths } from '../../lib/paths';

/** Anchors of the landing page's sections; the header and footer link to them from every page. */
export const LANDING_SECTIONS = {
  home: 'home',
  features: 'features',
  howItWorks: 'how-it-works',
  services: 'services',
  packages: 'packages',
  contact: 'contact',
} as const;

export type LandingSection = (typeof LANDING_SECTIONS)[keyof typeof LANDING_SECTIONS];

export function landingSectionPath(section: LandingSection) {
  return { pathname: paths.home, hash: `#${section}` };
}
