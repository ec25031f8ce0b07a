import { z } from 'zod';

/** The shared list's page sizes (spec 01 section 2.13 / 9): 5, 10, 15, 20; 10 by default. */
export const PAGE_SIZES = [5, 10, 15, 20] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** How many page buttons the pager shows around the current page. */
export const PAGE_WINDOW = 5;
export const NO_DATA_TEXT = 'No Data Found';
/**
 * The most a list that may hold millions of rows counts (issue 16): its total is at most this,
 * and a total of this many reads "10,000+" (the pages go as far).
 */
export const LIST_COUNT_CAP = 10_000;

/**
 * Query string of every paged list: page (1-based), page size, free-text search and sort.
 * Each list names the columns it can sort by; the server ignores any other.
 */
export const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      error: 'Page size must be 5, 10, 15 or 20',
    })
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(50).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** One page of a list, with the total for the pager. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type ListResponse<T> = { items: T[]; total: number; page: number; pageSize: number };
