import { z } from 'zod';

/**
 * Packages ("batches" in spec 01 sections 2.8, 3 and 7): what a student buys before they use the
 * logbook. Kept in the database; Master edits them on /managePackages. The four landing prices
 * (spec 01 section 9) are the seed (migration 0014).
 */
export const PACKAGE_MESSAGES = {
  fetchFailed: 'Failed to fetch batches. Please try again later.',
  notFound: 'Package not found',
  titleRequired: 'Please enter the package title',
  priceInvalid: 'Please enter a valid price greater than 0',
  offerAbovePrice: 'The offer price cannot be more than the price',
  validityInvalid: 'Please enter the validity in months (1 to 120)',
  saved: 'Package saved successfully',
  deleted: 'Package deleted successfully',
  inUse: 'This package has payments; hide it instead of deleting it.',
  /** An order for a package the buyer's college is not offered (issue 28). */
  notOffered:
    'This package is not offered to your college. Please choose one of the packages shown for your college.',
  collegeNotFound: 'College not found',
  collegePackagesSaved: "The college's packages were saved successfully",
} as const;

/** The subscription covers 3 years (spec 01 section 9). */
export const DEFAULT_VALIDITY_MONTHS = 36;
export const PACKAGE_TITLE_MAX = 120;
export const PACKAGE_DESCRIPTION_MAX = 1000;
/** ₹ 10,00,000: far above any price, low enough that arithmetic in paise stays exact. */
export const PACKAGE_PRICE_MAX_RUPEES = 1_000_000;

export const PackageSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pricePaise: z.number().int(),
  offerPricePaise: z.number().int(),
  validityMonths: z.number().int(),
  /** Hidden packages are not offered on /cart; Master still sees them. */
  active: z.boolean(),
  sortOrder: z.number().int(),
  /**
   * Offered to every college (Single). Any other package is offered only to the colleges Master
   * enables it for on /addCollege (issue 28).
   */
  offeredEverywhere: z.boolean(),
  /** Master's list only: the colleges the package is enabled for, by name. */
  colleges: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
});
export type Package = z.infer<typeof PackageSchema>;

export const PackageListSchema = z.object({ items: z.array(PackageSchema) });

const rupees = z.coerce
  .number({ error: PACKAGE_MESSAGES.priceInvalid })
  .min(1, { error: PACKAGE_MESSAGES.priceInvalid })
  .max(PACKAGE_PRICE_MAX_RUPEES, { error: PACKAGE_MESSAGES.priceInvalid })
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: PACKAGE_MESSAGES.priceInvalid,
  });

/** Master's package form: prices in rupees (up to two decimals); the server stores paise. */
export const PackageInputSchema = z
  .object({
    title: z
      .string({ error: PACKAGE_MESSAGES.titleRequired })
      .trim()
      .min(1, { error: PACKAGE_MESSAGES.titleRequired })
      .max(PACKAGE_TITLE_MAX),
    description: z.string().trim().max(PACKAGE_DESCRIPTION_MAX).default(''),
    price: rupees,
    offerPrice: rupees,
    validityMonths: z.coerce
      .number({ error: PACKAGE_MESSAGES.validityInvalid })
      .int({ error: PACKAGE_MESSAGES.validityInvalid })
      .min(1, { error: PACKAGE_MESSAGES.validityInvalid })
      .max(120, { error: PACKAGE_MESSAGES.validityInvalid })
      .default(DEFAULT_VALIDITY_MONTHS),
    active: z.boolean().default(true),
    sortOrder: z.coerce.number().int().min(0).max(1000).default(0),
    /** Left out of an edit, the package keeps what it had; a new package is offered nowhere yet. */
    offeredEverywhere: z.boolean().optional(),
  })
  .refine((p) => p.offerPrice <= p.price, { error: PACKAGE_MESSAGES.offerAbovePrice, path: ['offerPrice'] });
export type PackageInput = z.infer<typeof PackageInputSchema>;

/**
 * A college's packages (Master, on /addCollege; issue 28): every package, each offered to the
 * college because it is offered everywhere or because Master enabled it for this college.
 */
export const CollegePackageSchema = z.object({
  id: z.string(),
  title: z.string(),
  offerPricePaise: z.number().int(),
  active: z.boolean(),
  offeredEverywhere: z.boolean(),
  /** Master enabled it for this college (college_packages). */
  enabled: z.boolean(),
});
export type CollegePackage = z.infer<typeof CollegePackageSchema>;

export const CollegePackagesSchema = z.object({
  college: z.object({ id: z.string(), name: z.string() }),
  items: z.array(CollegePackageSchema),
});
export type CollegePackages = z.infer<typeof CollegePackagesSchema>;

/** Save on a college's Packages dialog: the packages enabled for it beyond those offered everywhere. */
export const SetCollegePackagesSchema = z.object({
  packageIds: z.array(z.uuid({ error: PACKAGE_MESSAGES.notFound })).max(100),
});
export type SetCollegePackagesInput = z.infer<typeof SetCollegePackagesSchema>;

export const CollegePackagesSavedSchema = CollegePackagesSchema.extend({ message: z.string() });

/** Whether a college is offered a package: offered everywhere, or enabled for the college. */
export function isOfferedTo(item: Pick<CollegePackage, 'offeredEverywhere' | 'enabled'>): boolean {
  return item.offeredEverywhere || item.enabled;
}

/** "36 months" reads as "3 years". */
export function validityLabel(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}
