import { sql } from 'kysely';

/**
 * A timestamp column as ISO 8601 text with PostgreSQL's full microsecond precision, the way
 * timestamps cross the wire: `isoTimestamp('drivers.createdAt').as('createdAt')` in a select list.
 */
export const isoTimestamp = (column: string) => sql<string>`to_json(${sql.ref(column)}) #>> '{}'`;

/** The same for a column that may be null. */
export const isoTimestampOrNull = (column: string) => sql<string | null>`to_json(${sql.ref(column)}) #>> '{}'`;

/** The text as a LIKE pattern that matches it literally anywhere: %, _ and \ lose their meaning. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
