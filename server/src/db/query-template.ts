import { CamelCasePlugin, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
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
const camelKeys = new Map<string, string>();

/**
 * A row as createDb's CamelCasePlugin answers it (each key camel-cased, nested objects' keys too),
 * with each column name camel-cased once per process instead of once per row: a row of plain
 * values (every list and lookup column) is copied with its keys looked up; any other row goes to
 * the plugin's own mapRow.
 */
function camelRow(row: Record<string, unknown>): Record<string, unknown> {
  const mapped: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    const value = row[key];
    if (typeof value === 'object' && value !== null) return camelCase.row(row);
    let camel = camelKeys.get(key);
    if (camel === undefined) {
      camel = camelCase.key(key);
      camelKeys.set(key, camel);
    }
    mapped[camel] = value;
  }
  return mapped;
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
  private readonly shapes = new Map<string, { compiled: CompiledQuery<Row>; slots: (keyof Values | { value: unknown })[] }>();

  constructor(
    private readonly build: (
      db: Kysely<Database>,
      slot: <K extends keyof Values & string>(name: K) => Values[K],
      shape: Shape,
    ) => Compilable<Row>,
  ) {}

  /** The rows for these values; `shapeKey` must name everything about `shape` that changes the SQL. */
  async execute(db: Kysely<Database>, shapeKey: string, shape: Shape, values: Values): Promise<Row[]> {
    let compiledShape = this.shapes.get(shapeKey);
    if (!compiledShape) {
      const compiled = this.build(db, (name) => `${SLOT}${name}` as never, shape).compile();
      if (compiled.sql.includes(SLOT)) throw new Error('QueryTemplate: a slot written into the SQL text (it must stay a parameter)');
      const slots = compiled.parameters.map((parameter) => {
        if (typeof parameter === 'string' && parameter.startsWith(SLOT)) return parameter.slice(SLOT.length) as keyof Values;
        if (typeof parameter === 'string' && parameter.includes(SLOT)) throw new Error('QueryTemplate: a slot inside a larger value');
        return { value: parameter };
      });
      compiledShape = { compiled, slots };
      this.shapes.set(shapeKey, compiledShape);
    }
    const parameters = compiledShape.slots.map((slot) => (typeof slot === 'object' ? slot.value : values[slot]));
    const compiled = { ...compiledShape.compiled, parameters };
    const executor = db.getExecutor();
    const plugins = executor.plugins;
    if (plugins.length !== 1 || !(plugins[0] instanceof CamelCasePlugin)) return (await db.executeQuery<Row>(compiled)).rows;
    // createDb's one plugin: the rows are mapped here, each column's name camel-cased once (camelRow).
    const result = await executor.provideConnection((connection) => connection.executeQuery<Record<string, unknown>>(compiled));
    return result.rows.map(camelRow) as Row[];
  }
}
