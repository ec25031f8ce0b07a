import { type Actor, canPinFavourites } from '@pgel/shared/auth/policies';
import { type Favourite, type FavouriteType, FAVOURITE_MESSAGES as M } from '@pgel/shared/records/favourites';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { DepartmentScope } from '../records/records.repository';
import * as repo from './favourites.repository';

/** How many recently used choices come after the pinned ones. */
const RECENT_LIMIT = 5;

type Placed = Actor & { collegeId: string; departmentId: string };
type Option = { id: string; title: string; pinned?: boolean; recent?: boolean };

function placedStudent(actor: Actor): Placed {
  if (!canPinFavourites(actor)) throw AppError.forbidden();
  return actor as Placed;
}
const scopeOf = (actor: Placed): DepartmentScope => ({
  collegeId: actor.collegeId,
  departmentId: actor.departmentId,
});

/**
 * Favourites (issue 29): a student pins procedures, competencies and skills their department
 * offers (their own pins, from the session: never another user's); a list of choices puts the
 * pinned ones first, then the ones the student used last, then the rest in their usual order.
 */
export class FavouritesService {
  constructor(private readonly deps: { db: Database }) {}

  async list(actor: Actor): Promise<{ items: Favourite[] }> {
    const student = placedStudent(actor);
    return { items: await repo.listPinned(this.deps.db, student.id, scopeOf(student)) };
  }

  async pin(actor: Actor, type: FavouriteType, id: string): Promise<{ item: Favourite }> {
    const student = placedStudent(actor);
    const option = await this.offered(student, type, id);
    await repo.pin(this.deps.db, student.id, type, option.id);
    return { item: { type, ...option } };
  }

  async unpin(actor: Actor, type: FavouriteType, id: string): Promise<{ item: Favourite }> {
    const student = placedStudent(actor);
    const option = await this.offered(student, type, id);
    await repo.unpin(this.deps.db, student.id, type, option.id);
    return { item: { type, ...option } };
  }

  /**
   * A remote list in the student's order: pinned, then recently used (newest first), then the
   * rest as the list had them. Anyone else's lists are left as they are.
   */
  async ordered<T extends { id: string; title: string }>(
    actor: Actor,
    type: FavouriteType | FavouriteType[],
    items: T[],
  ): Promise<Array<T & Option>> {
    if (!canPinFavourites(actor) || items.length === 0) return items;
    const student = actor as Placed;
    const types = Array.isArray(type) ? type : [type];
    const [pinned, recent] = await Promise.all([
      repo.pinnedIds(this.deps.db, student.id, types),
      repo.recentIds(
        this.deps.db,
        { id: student.id, ...scopeOf(student) },
        types.includes('skill') ? 'skills' : 'competency',
        RECENT_LIMIT,
      ),
    ]);
    const recentRank = new Map(recent.map((id, index) => [id, index]));
    const first = items.filter((item) => pinned.has(item.id)).map((item) => ({ ...item, pinned: true }));
    const then = items
      .filter((item) => !pinned.has(item.id) && recentRank.has(item.id))
      .sort((a, b) => (recentRank.get(a.id) ?? 0) - (recentRank.get(b.id) ?? 0))
      .map((item) => ({ ...item, recent: true }));
    const rest = items.filter((item) => !pinned.has(item.id) && !recentRank.has(item.id));
    return [...first, ...then, ...rest];
  }

  private async offered(student: Placed, type: FavouriteType, id: string) {
    const option = await repo.findOffered(this.deps.db, scopeOf(student), type, id.toLowerCase());
    if (!option) throw AppError.notFound(M.notOffered);
    return option;
  }
}
