// What the assistant's knowledge reads beyond the catalogue and resellers' repositories: a digest of the
// rows it comes from, and the site configuration entries of its sections.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { siteConfigurations } from '../../db/schema.ts';

export const createKnowledgeRepository = (db: DbExecutor) => ({
  /**
   * A digest of every row of the tables, and of the site configuration rows of the sections, in one
   * query: any write to them (through the admin, another instance or plain SQL) changes it.
   */
  async fingerprint({ tables, sections }: { tables: readonly string[]; sections: readonly string[] }): Promise<string> {
    const parts = tables.map((table) => sql`coalesce((select string_agg(md5(t::text), ',' order by t.id) from ${sql.identifier(table)} t), '')`);
    const inSections = sql.join(
      sections.map((section) => sql`${section}`),
      sql`, `,
    );
    parts.push(sql`coalesce((select string_agg(md5(t::text), ',' order by t.id) from site_configurations t where t.section in (${inSections})), '')`);
    const { rows } = await db.execute<{ fingerprint: string }>(sql`select md5(concat_ws('|', ${sql.join(parts, sql`, `)})) as fingerprint`);
    return rows[0]!.fingerprint;
  },

  /** The active site configuration entries of the sections. */
  async activeConfig(sections: readonly string[]): Promise<{ section: string; key: string; value: unknown }[]> {
    return db
      .select({ section: siteConfigurations.section, key: siteConfigurations.configKey, value: siteConfigurations.configValue })
      .from(siteConfigurations)
      .where(and(inArray(siteConfigurations.section, [...sections]), eq(siteConfigurations.isActive, true)));
  },
});
