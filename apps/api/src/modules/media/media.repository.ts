import { and, asc, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { pageOffset } from '@vitrine/domain/lists';
import type { Genre, MediaList, MediaType } from '@vitrine/domain/media';
import type { DbExecutor } from '../../db/client.ts';
import { mediaTitles } from '../../db/schema.ts';
import { likeContaining } from '../../db/search.ts';

export type MediaTitleRow = typeof mediaTitles.$inferSelect;
export type MediaTitleInsert = typeof mediaTitles.$inferInsert;

export type LocalOrder = 'trending' | 'popularity' | 'rating' | 'newest' | 'soonest';

export interface LocalTitleQuery {
  mediaType?: MediaType;
  list?: MediaList;
  genre?: number;
  year?: number;
  /** Already folded (lower case, no accents). */
  search?: string;
  order: LocalOrder;
  page: number;
  pageSize: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

/** LIKE treats % and _ as wildcards and \ as the escape: a visitor's text matches literally. */

const ORDERS: Record<LocalOrder, SQL[]> = {
  trending: [sql`${mediaTitles.trendingRank} asc nulls last`, desc(mediaTitles.popularity)],
  popularity: [desc(mediaTitles.popularity)],
  rating: [desc(mediaTitles.voteAverage), desc(mediaTitles.voteCount)],
  newest: [sql`${mediaTitles.releaseDate} desc nulls last`],
  soonest: [sql`${mediaTitles.releaseDate} asc nulls last`],
};

export const createMediaRepository = (db: DbExecutor) => ({
  /** Active titles only, a page at a time, with the total for the page count. */
  async listActive(query: LocalTitleQuery): Promise<{ rows: MediaTitleRow[]; total: number }> {
    const where = and(
      eq(mediaTitles.isActive, true),
      query.mediaType ? eq(mediaTitles.mediaType, query.mediaType) : undefined,
      query.list ? sql`${mediaTitles.lists} @> ${JSON.stringify([query.list])}::jsonb` : undefined,
      query.genre !== undefined ? sql`${mediaTitles.genres} @> ${JSON.stringify([{ id: query.genre }])}::jsonb` : undefined,
      query.year !== undefined ? like(mediaTitles.releaseDate, `${query.year}-%`) : undefined,
      query.search ? like(mediaTitles.searchText, likeContaining(query.search)) : undefined,
    );
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(mediaTitles)
        .where(where)
        .orderBy(...ORDERS[query.order], asc(mediaTitles.title), asc(mediaTitles.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.$count(mediaTitles, where),
    ]);
    return { rows, total };
  },

  async findActive(mediaType: MediaType, id: string): Promise<MediaTitleRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select()
      .from(mediaTitles)
      .where(and(eq(mediaTitles.id, id), eq(mediaTitles.mediaType, mediaType), eq(mediaTitles.isActive, true)));
    return row;
  },

  /** The genres active titles of a type use, by name. */
  async genresInUse(mediaType: MediaType): Promise<Genre[]> {
    const rows = await db
      .select({ genres: mediaTitles.genres })
      .from(mediaTitles)
      .where(and(eq(mediaTitles.isActive, true), eq(mediaTitles.mediaType, mediaType)));
    const byId = new Map<number, Genre>();
    for (const row of rows) for (const genre of row.genres) byId.set(genre.id, genre);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  },

  // ------------------------------------------------------------ admin

  /** Every title, active or not, most recently changed first; `search` is already folded (lower case, no accents). */
  async listForAdmin(query: { search?: string; page: number; pageSize: number }): Promise<{ rows: MediaTitleRow[]; total: number }> {
    const { search, page, pageSize } = query;
    const filter = search !== undefined ? like(mediaTitles.searchText, likeContaining(search)) : undefined;
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(mediaTitles)
        .where(filter)
        .orderBy(desc(mediaTitles.updatedAt), asc(mediaTitles.id))
        .limit(pageSize)
        .offset(pageOffset({ page, pageSize })),
      db.$count(mediaTitles, filter),
    ]);
    return { rows, total };
  },

  async count(): Promise<number> {
    return db.$count(mediaTitles);
  },

  // ------------------------------------------------------------ writes (admin)

  /** The row, locked until the transaction ends: no other write comes between a version check and the update. */
  async lockById(id: string): Promise<MediaTitleRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(mediaTitles).where(eq(mediaTitles.id, id)).for('update');
    return row;
  },

  async insert(values: MediaTitleInsert): Promise<MediaTitleRow> {
    const [row] = await db.insert(mediaTitles).values(values).returning();
    return row!;
  },

  async update(id: string, values: Partial<MediaTitleInsert>): Promise<MediaTitleRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.update(mediaTitles).set(values).where(eq(mediaTitles.id, id)).returning();
    return row;
  },

  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await db.delete(mediaTitles).where(eq(mediaTitles.id, id)).returning({ id: mediaTitles.id });
    return rows.length > 0;
  },
});
export type MediaRepository = ReturnType<typeof createMediaRepository>;
