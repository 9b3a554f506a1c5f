import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

const SLOT = '\u0000slot:';

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
    const result = await db.executeQuery<Row>({ ...compiledShape.compiled, parameters });
    return result.rows;
  }
}
