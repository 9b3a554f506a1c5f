import { CamelCasePlugin, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import { ReadOnlyConnection } from './database.js';
import { encodeCursor, keysetAnswer, type KeysetRow, type Page } from './pagination.js';
import type { Database } from './schema.js';

const SLOT = '\u0000slot:';

/** createDb's plugin (no options), for its key mapping and for rows holding objects or arrays. */
class CamelCaseMapper extends CamelCasePlugin {
  key(name: string): string {
    return this.camelCase(name);
  }
  row(row: Record<string, unknown>): Record<string, unknown> {
    return this.mapRow(row) as Record<string, unknown>;
  }
}
const camelCase = new CamelCaseMapper();

/** A row as PostgreSQL answered it: an object keyed by column name, or (rows as arrays) the columns' values in order. */
type RawRow = Record<string, unknown> | unknown[];
type RowMapper = ((row: RawRow) => Record<string, unknown>) & { columns: number };
/** A page's row function, with where its position columns are read (a column's name, or its index in an array row). */
type ItemMapper = RowMapper & { at: string | number; id: string | number };

/** A value as the plugin leaves it in a row: an object or an array mapped by its own mapRow (a Date or a Buffer stays). */
const nested = (value: unknown): unknown => camelCase.row({ value }).value;

/**
 * The rows of one statement, as createDb's CamelCasePlugin answers them (each key camel-cased, the
 * keys of nested objects too), made by a function written once per statement from its columns:
 * an object literal with the camel-cased keys in the columns' order, so each row is one
 * allocation of a shape V8 knows, instead of the plugin camel-casing every key of every row
 * (about a twentieth of a list call's CPU, issue 16). A value that is an object or an array goes
 * through the plugin's own mapping. Each value is read by its column's name, or by its position
 * when pg answers rows as arrays (a read-only call's connection, ReadOnlyConnection.queryArrays;
 * a name answered twice then keeps the last column's value, as pg's row object does). The column
 * names come from PostgreSQL's answer and are written in as JSON string literals. Columns whose
 * camel-cased name is in `omit` are left out.
 */
function rowMapperFor(columns: readonly string[], byPosition: boolean, omit: ReadonlySet<string> = new Set()): RowMapper {
  const fields: string[] = [];
  columns.forEach((column, index) => {
    if (omit.has(camelCase.key(column))) return;
    const source = byPosition ? `row[${index}]` : `row[${JSON.stringify(column)}]`;
    fields.push(
      `${JSON.stringify(camelCase.key(column))}: typeof ${source} === 'object' && ${source} !== null ? nested(${source}) : ${source}`,
    );
  });
  // A row constructor made of column names (JSON string literals) and positions.
  const make = new Function('nested', `return (row) => ({ ${fields.join(', ')} });`) as (
    nestedValue: typeof nested,
  ) => (row: RawRow) => Record<string, unknown>;
  return Object.assign(make(nested), { columns: columns.length });
}

/** A shape's row functions once written: for a list of rows and for a page's items. */
interface Mappers {
  row: RowMapper | null;
  item: ItemMapper | null;
}

/** A shape's compiled statement, its slots, and its row functions once written. */
interface CompiledShape<Row, Values> {
  compiled: CompiledQuery<Row>;
  slots: (keyof Values | { value: unknown })[];
  /** For rows keyed by name, and for rows answered as arrays (a read-only call). */
  byName: Mappers;
  byPosition: Mappers;
}

/** A statement's rows as pg answered them, with their columns' names and how to read them. */
interface RawRows<Row, Values> {
  rows: RawRow[];
  columns: readonly string[];
  byPosition: boolean;
  compiledShape: CompiledShape<Row, Values>;
}

/**
 * A query compiled once per shape and run with each call's values: `build` makes the query with a
 * placeholder for every value that varies between calls (`slot('name')`), once per shape key (the
 * key names whatever else changes the SQL: which conditions apply), and each call swaps its own
 * values in for the placeholders. Kysely's building, plugin transforms and compiling (about a
 * tenth of a lookup's CPU, issue 16) happen once per shape instead of once per call. `build` must
 * put every call-dependent value behind a slot (a placeholder inside a larger value, or written into
 * the SQL text, is refused). The SQL is compiled with the plugins of the handle of the first call
 * (createDb's camel case), so every handle it runs on must be made by createDb.
 */
export class QueryTemplate<Row, Values extends Record<string, unknown>, Shape> {
  private readonly shapes = new Map<string, CompiledShape<Row, Values>>();

  constructor(
    private readonly build: (
      db: Kysely<Database>,
      slot: <K extends keyof Values & string>(name: K) => Values[K],
      shape: Shape,
    ) => Compilable<Row>,
  ) {}

  /** The rows for these values; `shapeKey` must name everything about `shape` that changes the SQL. */
  async execute(db: Kysely<Database>, shapeKey: string, shape: Shape, values: Values): Promise<Row[]> {
    const ran = await this.run(db, shapeKey, shape, values);
    if ('mapped' in ran) return ran.mapped;
    const { rows, columns, byPosition, compiledShape } = ran;
    if (rows.length === 0) return [];
    const mappers = byPosition ? compiledShape.byPosition : compiledShape.byName;
    let mapRow = mappers.row;
    // One statement answers the same columns every time; a different count (the table changed under it) writes the function again.
    if (mapRow === null || mapRow.columns !== columns.length) {
      mapRow = rowMapperFor(columns, byPosition);
      mappers.row = mapRow;
    }
    return rows.map(mapRow) as Row[];
  }

  /**
   * A keyset page of a template built with keysetQuery (its rows: the list's columns, keysetAt and
   * keysetId, up to `limit` + 1 of them), answered as keysetAnswer answers it: the first `limit`
   * rows without their position columns, and the cursor after the last of them when more followed.
   * On a createDb handle the position columns are left out as each row is made (no second copy).
   */
  async executePage<Item extends object>(
    this: QueryTemplate<KeysetRow<Item>, Values, Shape>,
    db: Kysely<Database>,
    shapeKey: string,
    shape: Shape,
    values: Values,
    limit: number,
  ): Promise<Page<Item>> {
    const ran = await this.run(db, shapeKey, shape, values);
    if ('mapped' in ran) return keysetAnswer(ran.mapped, limit);
    const { rows, columns, byPosition, compiledShape } = ran;
    if (rows.length === 0) return { items: [], nextCursor: null };
    const mappers = byPosition ? compiledShape.byPosition : compiledShape.byName;
    let mapItem = mappers.item;
    if (mapItem === null || mapItem.columns !== columns.length) {
      const at = columns.findIndex((column) => camelCase.key(column) === 'keysetAt');
      const id = columns.findIndex((column) => camelCase.key(column) === 'keysetId');
      if (at === -1 || id === -1) throw new Error('QueryTemplate.executePage: the rows carry no keysetAt and keysetId (keysetQuery)');
      const where = (index: number) => (byPosition ? index : (columns[index] as string));
      mapItem = Object.assign(rowMapperFor(columns, byPosition, new Set(['keysetAt', 'keysetId'])), { at: where(at), id: where(id) });
      mappers.item = mapItem;
    }
    const count = Math.min(rows.length, limit);
    const items = new Array<Item>(count);
    for (let index = 0; index < count; index += 1) items[index] = mapItem(rows[index] as RawRow) as Item;
    const last = (rows.length > limit ? rows[limit - 1] : undefined) as Record<string | number, unknown> | undefined;
    return { items, nextCursor: last ? encodeCursor({ at: String(last[mapItem.at]), id: String(last[mapItem.id]) }) : null };
  }

  /** The statement for these values run: PostgreSQL's rows as they came (a createDb handle), or the rows mapped by the handle's plugins. */
  private async run(
    db: Kysely<Database>,
    shapeKey: string,
    shape: Shape,
    values: Values,
  ): Promise<{ mapped: Row[] } | RawRows<Row, Values>> {
    let compiledShape = this.shapes.get(shapeKey);
    if (!compiledShape) {
      const compiled = this.build(db, (name) => `${SLOT}${name}` as never, shape).compile();
      if (compiled.sql.includes(SLOT)) throw new Error('QueryTemplate: a slot written into the SQL text (it must stay a parameter)');
      const slots = compiled.parameters.map((parameter) => {
        if (typeof parameter === 'string' && parameter.startsWith(SLOT)) return parameter.slice(SLOT.length) as keyof Values;
        if (typeof parameter === 'string' && parameter.includes(SLOT)) throw new Error('QueryTemplate: a slot inside a larger value');
        return { value: parameter };
      });
      compiledShape = { compiled, slots, byName: { row: null, item: null }, byPosition: { row: null, item: null } };
      this.shapes.set(shapeKey, compiledShape);
    }
    const parameters = compiledShape.slots.map((slot) => (typeof slot === 'object' ? slot.value : values[slot]));
    const compiled = { ...compiledShape.compiled, parameters };
    const executor = db.getExecutor();
    const plugins = executor.plugins;
    if (plugins.length !== 1 || !(plugins[0] instanceof CamelCasePlugin)) return { mapped: (await db.executeQuery<Row>(compiled)).rows };
    // createDb's one plugin: the rows are mapped by the caller, by a function written once per statement (rowMapperFor);
    // on a read-only call's connection pg answers them as arrays, each made into its row once by position.
    type Answer = { arrays: Awaited<ReturnType<ReadOnlyConnection['queryArrays']>> } | { rows: Record<string, unknown>[] };
    const answer = await executor.provideConnection(async (connection): Promise<Answer> =>
      connection instanceof ReadOnlyConnection
        ? { arrays: await connection.queryArrays(compiled) }
        : { rows: (await connection.executeQuery<Record<string, unknown>>(compiled)).rows },
    );
    if ('arrays' in answer) {
      const { rows, fields } = answer.arrays;
      return { rows, columns: fields.map((field) => field.name), byPosition: true, compiledShape };
    }
    const first = answer.rows[0];
    return { rows: answer.rows, columns: first === undefined ? [] : Object.keys(first), byPosition: false, compiledShape };
  }
}
