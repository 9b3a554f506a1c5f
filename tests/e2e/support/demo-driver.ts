import pg from 'pg';
import { e2eOwnerUrl } from './environment';

/** The demo driver's record, its id and name (driver@summit.demo is linked to it by the seed). */
export async function demoDriver(): Promise<{ id: string; name: string }> {
  const client = new pg.Client({ connectionString: e2eOwnerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; name: string }>(
      `select d.id, d.first_name || ' ' || d.last_name as name from drivers d join users u on u.id = d.user_id where u.email = 'driver@summit.demo'`,
    );
    if (!rows[0]) throw new Error('the demo driver is not linked to a driver record');
    return rows[0];
  } finally {
    await client.end();
  }
}
