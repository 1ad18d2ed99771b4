// The queries of every admin resource (admin.resource.ts): a page of rows searched and sorted on the server,
// and a row inserted, locked for an update, updated or deleted, all within the resource's scope.
import { and, asc, desc, eq, getTableColumns, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { pageOffset } from '@vitrine/domain/lists';
import type { DbExecutor } from '../../db/client.ts';
import { likeContaining } from '../../db/search.ts';

export type ResourceRow = Record<string, unknown>;

/** Where an admin resource is stored; its module's repository declares it, so routes name no table. */
export interface AdminTable<T extends PgTable = PgTable> {
  table: T;
  /** Text columns the list's search looks in (case-insensitive, anywhere in the text). */
  searchColumns: PgColumn[];
  /** The contract's sort keys and their columns; the first is the default. */
  sortColumns: Record<string, PgColumn>;
  /** The rows this resource covers, when it is part of a table; others are neither listed nor written. */
  scope?: SQL;
}

export interface ResourcePageQuery {
  page: number;
  pageSize: number;
  search?: string;
  sort: string;
  order: 'asc' | 'desc';
}

/** The resource's queries; refuses a table without id or updated_at (the version an edit names). */
export function createAdminResourceRepository({ table, searchColumns, sortColumns, scope }: AdminTable, resource: string) {
  const { id: idColumn, updatedAt: versionColumn } = getTableColumns(table) as Record<string, PgColumn | undefined>;
  if (!idColumn) throw new Error(`A tabela de ${resource} não tem coluna id.`);
  // Its updatedAt is the version an edit names: without it two admins' edits could not be told apart.
  if (!versionColumn) throw new Error(`A tabela de ${resource} não tem coluna updated_at.`);
  const defaultSort = Object.keys(sortColumns)[0]!;
  const byId = (id: string) => and(eq(idColumn, id), scope);

  return {
    defaultSort,
    async page(db: DbExecutor, { page, pageSize, search, sort, order }: ResourcePageQuery) {
      const where = and(scope, search ? or(...searchColumns.map((column) => ilike(column, likeContaining(search)))) : undefined);
      const direction = order === 'desc' ? desc : asc;
      const sortColumn = sortColumns[sort] ?? sortColumns[defaultSort]!;
      const [rows, total] = await Promise.all([
        db.select().from(table).where(where).orderBy(direction(sortColumn), direction(idColumn)).limit(pageSize).offset(pageOffset({ page, pageSize })),
        db.$count(table, where),
      ]);
      return { rows: rows as ResourceRow[], total };
    },
    async insert(db: DbExecutor, values: ResourceRow) {
      const [row] = (await db
        .insert(table)
        .values(values as never)
        .returning()) as ResourceRow[];
      return row;
    },
    /** The row, locked until the transaction ends: no other write comes between a version check and the update. */
    async lock(db: DbExecutor, id: string) {
      const [row] = (await db.select().from(table).where(byId(id)).for('update')) as ResourceRow[];
      return row;
    },
    async update(db: DbExecutor, id: string, changes: ResourceRow) {
      const [row] = (await db
        .update(table)
        .set(changes as never)
        .where(eq(idColumn, id))
        .returning()) as ResourceRow[];
      return row;
    },
    async remove(db: DbExecutor, id: string) {
      const [row] = (await db.delete(table).where(byId(id)).returning()) as ResourceRow[];
      return row;
    },
  };
}
