import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Dialect } from '../connection';
import type { MigrationDb } from '../migration-db';

/**
 * A script's rehearsal lines prepared when it is saved (decision 261): one row per spoken line,
 * so a rehearsal plan reads its lines a page at a time and a line's audio reads one row, never
 * the whole script. Each preparation writes a set of rows under a key of its own; the script's
 * row in `script_rehearsal` names the set that is its own and whether it is complete (ready 1),
 * its split says words its text does not hold (0) or it is still being written (null). A script
 * without that row (saved before this migration) is prepared on first use. The small row is what
 * changes, never the script's own (which holds the text). `scripts.stored_size` is what a script
 * keeps, which the per-user quota counts with its lines (decision 262). A paid line records its
 * voice and text hash, so a plan looks lines up by them instead of hashing every line again.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  // A set's rows are kept together in their order on SQLite, so a page of them is one range.
  const clustered = dialect === 'sqlite' ? sql`WITHOUT ROWID` : sql``;
  await db.schema
    .createTable('script_lines')
    .addColumn('lines_key', 'text', (c) => c.notNull())
    .addColumn('line_index', 'integer', (c) => c.notNull())
    .addColumn('script_id', 'text', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
    .addColumn('line_id', 'text', (c) => c.notNull())
    .addColumn('speaker', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('characters', 'integer', (c) => c.notNull())
    .addColumn('text_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('script_lines_pk', ['lines_key', 'line_index'])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createIndex('script_lines_line_id')
    .on('script_lines')
    .columns(['lines_key', 'line_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('script_lines_script')
    .on('script_lines')
    .column('script_id')
    .execute();
  await db.schema
    .createTable('script_rehearsal')
    .addColumn('script_id', 'text', (c) =>
      c.primaryKey().references('scripts.id').onDelete('cascade'),
    )
    .addColumn('lines_key', 'text', (c) => c.notNull())
    .addColumn('ready', 'integer')
    .addColumn('lines_size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('scripts')
    .addColumn('stored_size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('scripts')
    .set((eb) => ({
      stored_size: eb(
        eb(eb.fn('length', ['content']), '+', eb.fn('length', ['characters'])),
        '+',
        eb.fn.coalesce(eb.fn('length', ['analysis']), eb.lit(0)),
      ),
    }))
    .execute();

  await db.schema.alterTable('rehearsal_charges').addColumn('voice_id', 'text').execute();
  await db.schema.alterTable('rehearsal_charges').addColumn('text_hash', 'text').execute();
  await db.schema
    .createIndex('rehearsal_charges_text')
    .on('rehearsal_charges')
    .columns(['user_id', 'text_hash'])
    .execute();
  await describePaidLines(db);
}

/**
 * Fills in the voice and text hash of the lines paid for before this migration, where the charge
 * still names its script line and that line still says what was paid for. Lines it cannot place
 * keep only their charge key: hearing them stays free, and they are described when heard again.
 */
async function describePaidLines(db: MigrationDb): Promise<void> {
  const rows = (await db
    .selectFrom('rehearsal_charges as r')
    .innerJoin('usage_ledger as l', 'l.id', 'r.reservation_id')
    .select(['r.user_id', 'r.charge_key', 'l.voice_id', 'l.metadata'])
    .where('r.text_hash', 'is', null)
    .execute()) as {
    user_id: string;
    charge_key: string;
    voice_id: string | null;
    metadata: string;
  }[];
  const placed = rows
    .map((r) => {
      const meta = JSON.parse(r.metadata) as { scriptId?: unknown; lineId?: unknown };
      return { ...r, scriptId: String(meta.scriptId ?? ''), lineId: String(meta.lineId ?? '') };
    })
    .filter((r) => r.voice_id && r.scriptId && r.lineId)
    .sort((a, b) => a.scriptId.localeCompare(b.scriptId));
  let scriptId = '';
  let texts = new Map<string, string>();
  for (const r of placed) {
    if (r.scriptId !== scriptId) {
      scriptId = r.scriptId;
      const script = (await db
        .selectFrom('scripts')
        .select('analysis')
        .where('id', '=', r.scriptId)
        .where('user_id', '=', r.user_id)
        .executeTakeFirst()) as { analysis: string | null } | undefined;
      const lines = script?.analysis
        ? ((JSON.parse(script.analysis) as { lines?: { id: string; text: string }[] }).lines ?? [])
        : [];
      texts = new Map(lines.map((l) => [l.id, l.text.trim()]));
    }
    const text = texts.get(r.lineId);
    if (text === undefined) continue;
    // The charge key as rehearsal made it then: voice, the default settings, the text.
    const key = createHash('sha256')
      .update(JSON.stringify([r.voice_id, 1, 0.5, 0.5, text]))
      .digest('hex');
    if (key !== r.charge_key) continue;
    await db
      .updateTable('rehearsal_charges')
      .set({
        voice_id: r.voice_id,
        text_hash: createHash('sha256').update(text).digest('base64url').slice(0, 22),
      })
      .where('user_id', '=', r.user_id)
      .where('charge_key', '=', r.charge_key)
      .execute();
  }
}
