import { z } from 'zod';

/**
 * Favourites (issue 29): a resident pins the procedures, competencies and skills they log most;
 * pinned ones, then the ones they used last, come first in every choice of that type. A procedure
 * is a competency of type 'proc' (the procedure and surgical skill forms), a competency one of type
 * 'diag' (the diagnostic skill form).
 */
export const FAVOURITE_TYPES = ['procedure', 'competency', 'skill'] as const;
export type FavouriteType = (typeof FAVOURITE_TYPES)[number];

export const FAVOURITE_MESSAGES = {
  notOffered: 'Please choose a procedure, competency or skill of your department',
} as const;

export const FavouriteParamsSchema = z.object({
  type: z.enum(FAVOURITE_TYPES),
  id: z.uuid(),
});

export const FavouriteSchema = z.object({
  type: z.enum(FAVOURITE_TYPES),
  id: z.uuid(),
  title: z.string(),
});
export type Favourite = z.infer<typeof FavouriteSchema>;

/** GET /me/favourites: the caller's pins still offered by their department, by type then title. */
export const FavouritesSchema = z.object({ items: z.array(FavouriteSchema) });

/** PUT /me/favourites/{type}/{id}: the pinned choice (pinning twice keeps one pin). */
export const PinnedFavouriteSchema = z.object({ item: FavouriteSchema });

/** The favourite type a remote list's choices are pinned as, or null when it has none. */
export function favouriteTypeOf(
  source:
    | { list: 'teachers' }
    | { list: 'specialities' }
    | { list: 'competencies'; for: 'diag' | 'proc' }
    | { list: 'skills' },
): FavouriteType | null {
  if (source.list === 'skills') return 'skill';
  if (source.list === 'competencies') return source.for === 'proc' ? 'procedure' : 'competency';
  return null;
}
