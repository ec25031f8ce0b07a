export type PricePackage = {
  name: string;
  /** Price per student in INR, before GST. */
  price: number;
  description: string;
  badge?: string;
  highlighted?: boolean;
  /** Individual and group buyers register themselves; institutions write to us first. */
  action: 'register' | 'contact';
};

/** The four package prices of the landing page (spec 01 sections 1 and 9). */
export const PRICE_PACKAGES: readonly PricePackage[] = [
  {
    name: 'Single',
    price: 9999,
    description: 'For an individual postgraduate student who subscribes on their own.',
    action: 'register',
  },
  {
    name: 'Group',
    price: 5999,
    description: 'Discounted price for a group of students of the same department who join together.',
    badge: 'Discounted',
    highlighted: true,
    action: 'register',
  },
  {
    name: 'Institutional',
    price: 4999,
    description: 'For a college that enrols its postgraduate students through the institution.',
    action: 'contact',
  },
  {
    name: 'University',
    price: 2999,
    description: 'For a university that enrols the postgraduate students of its colleges.',
    action: 'contact',
  },
];
