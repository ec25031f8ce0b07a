/** The institutions with their own sign-in screen (spec 01 section 2.1). */
export type InstitutionSlug = 'snmc' | 'ncmch' | 'fhmc' | 'gims';

export type Institution = {
  name: string;
  /** Short name used in the chat message. */
  shortName: string;
  logoSrc: string;
  /**
   * How students of the institution register: themselves on /signup, or by writing to us on the
   * chat link (the institution enrols them; spec 01 section 2.4).
   */
  signup: 'self' | 'chat';
};

/** One login component, variants as data: adding an institution is adding a row and a logo. */
export const INSTITUTIONS: Record<InstitutionSlug, Institution> = {
  snmc: {
    name: 'Sarojini Naidu Medical College',
    shortName: 'SNMC',
    logoSrc: '/institutions/snmc.svg',
    signup: 'chat',
  },
  ncmch: {
    name: 'N.C. Medical College & Hospital',
    shortName: 'NCMCH',
    logoSrc: '/institutions/ncmch.svg',
    signup: 'chat',
  },
  fhmc: {
    name: 'F.H. Medical College & Hospital',
    shortName: 'FHMC',
    logoSrc: '/institutions/fhmc.svg',
    signup: 'self',
  },
  gims: {
    name: 'Government Institute of Medical Sciences',
    shortName: 'GIMS',
    logoSrc: '/institutions/gims.svg',
    signup: 'chat',
  },
};
