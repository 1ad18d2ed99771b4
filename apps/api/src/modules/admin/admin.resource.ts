// Registers an admin resource from its contract: a list paged, searched and sorted on the server, and
// create, partial update and delete, each written with its audit row in one transaction. An update names
// the version it started from (expectedUpdatedAt) and is refused when another write came first.
import type { FastifyInstance } from 'fastify';
import { NO_ROW_AFFECTED, type AdminResourceContract } from '@vitrine/domain/admin';
import type { EndpointBody } from '@vitrine/domain/contracts';
import { toListEnvelope } from '@vitrine/domain/lists';
import type { Database, Transaction } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { adminWrite } from '../../shared/audit/audit.ts';
import { isVersion, nextVersion, staleEdit, versionRequired } from '../../shared/edit-version.ts';
import { conflict, notFound } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { createAdminResourceRepository, type AdminTable } from './admin-resource.repository.ts';

export type { AdminTable } from './admin-resource.repository.ts';

type Row = Record<string, unknown>;
type Item = Record<string, unknown>;

export interface AdminResourceOptions<C extends AdminResourceContract> extends AdminTable {
  contract: C;
  /** The resource's name in the audit trail and in error codes ('plans'). */
  resource: string;
  defaultOrder?: 'asc' | 'desc';
  /** A row as the API shows it (the contract's item); by default every column but `hidden`, dates as ISO text. */
  toItem?: (row: Row) => Item;
  /** Columns never shown (secrets); they are left out of the answers and of the audit trail. */
  hidden?: string[];
  /** Column values of a create, from the validated body; by default the body itself. */
  toInsert?: (body: EndpointBody<C['create']>, tx: Transaction) => Row | Promise<Row>;
  /** Column values of an update (only the fields sent, without the version); by default the body itself. */
  toUpdate?: (body: Omit<EndpointBody<C['update']>, 'expectedUpdatedAt'>, current: Row) => Row;
  /** Checks the record as it would be after a create or an update; throws an AppError to refuse it. */
  check?: (record: Row) => void;
}

/** A create or update that would repeat a unique value (PostgreSQL 23505) is a Portuguese 409. */
async function uniqueAsConflict<T>(resource: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw conflict(`admin.${resource}.duplicate`, 'Já existe um registro com esses dados.');
    throw error;
  }
}

/** Every column but the hidden ones, with dates as ISO text. */
export const serializeRow = (row: Row, hidden: string[] = []): Item =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !hidden.includes(key))
      .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

export function registerAdminResource<C extends AdminResourceContract>(app: FastifyInstance, db: Database, options: AdminResourceOptions<C>) {
  const { contract, resource, hidden = [], check } = options;
  const rows = createAdminResourceRepository(options, resource);
  const toItem = options.toItem ?? ((row: Row) => serializeRow(row, hidden));
  const toInsert = options.toInsert ?? ((body: unknown) => ({ ...(body as Row) }));
  const toUpdate = options.toUpdate ?? ((body: unknown) => ({ ...(body as Row) }));
  const noRow = (action: keyof typeof NO_ROW_AFFECTED) => notFound(`admin.${resource}.not_found`, NO_ROW_AFFECTED[action]);

  route(app, contract.list, {}, async (request) => {
    const {
      page,
      pageSize,
      search,
      sort = rows.defaultSort,
      order,
    } = request.query as { page: number; pageSize: number; search?: string; sort?: string; order?: 'asc' | 'desc' };
    const found = await rows.page(db, { page, pageSize, search, sort, order: order ?? options.defaultOrder ?? 'asc' });
    return toListEnvelope(found.rows.map(toItem), found.total, { page, pageSize }) as never;
  });
  route(app, contract.create, {}, async (request, reply) => {
    const actor = await adminActor(request);
    const result = await uniqueAsConflict(resource, () =>
      adminWrite(db, actor, { action: 'create', resource }, async (tx) => {
        const values = await toInsert(request.body as never, tx);
        check?.(values);
        const row = await rows.insert(tx, values);
        if (!row) return null;
        const after = toItem(row);
        return { recordId: String(row.id), before: null, after };
      }),
    );
    if (!result) throw noRow('create');
    return reply.status(201).send(result.after);
  });

  route(app, contract.update, {}, async (request) => {
    const { id } = request.params as { id: string };
    const { expectedUpdatedAt, ...patch } = request.body as Row & { expectedUpdatedAt?: string };
    if (expectedUpdatedAt === undefined) throw versionRequired();
    const actor = await adminActor(request);
    const result = await uniqueAsConflict(resource, () =>
      adminWrite(db, actor, { action: 'update', resource }, async (tx) => {
        // Locked until the write commits: no other write can come between the version check and this one.
        const current = await rows.lock(tx, id);
        if (!current) return null;
        const stored = current.updatedAt as Date;
        // Thrown inside the transaction: nothing is written, not even the audit row.
        if (!isVersion(stored, expectedUpdatedAt)) throw staleEdit(resource, toItem(current));
        const changes = { ...toUpdate(patch as never, current), updatedAt: nextVersion(stored) };
        check?.({ ...current, ...changes });
        const row = await rows.update(tx, id, changes);
        if (!row) return null;
        return { recordId: id, before: toItem(current), after: toItem(row) };
      }),
    );
    if (!result) throw noRow('update');
    return result.after as never;
  });

  route(app, contract.remove, {}, async (request, reply) => {
    const actor = await adminActor(request);
    const { id } = request.params as { id: string };
    const result = await adminWrite(db, actor, { action: 'delete', resource }, async (tx) => {
      const row = await rows.remove(tx, id);
      return row ? { recordId: id, before: toItem(row), after: null } : null;
    });
    if (!result) throw noRow('delete');
    return reply.status(204).send();
  });
}
