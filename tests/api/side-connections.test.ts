// A test's own connections to its shop database (sidePool, sideClient in tests/support/test-db.ts).
// node-postgres resolves pool.end() before its connections have closed, and each file's database
// is then dropped `with (force)`: a connection still closing gets the server's 57P01 as an error
// event. Unheard, that event is an uncaught exception that fails the whole run (it failed the
// PostgreSQL leg once in CI, from order-documents.test.ts).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createThrowawayDatabase, sideClient, sidePool, testDbKind } from '../support/test-db';

const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe.runIf(testDbKind() === 'postgres')('connections of a test of its own (PostgreSQL)', () => {
  it('an idle connection of a bare pool that the server ends throws, one of sidePool does not', async () => {
    const database = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!, 'side');
    try {
      const bare = new pg.Pool({ connectionString: database.url, max: 1 });
      const held = await bare.connect();
      held.release();
      // What the server's 57P01 does to a connection the pool keeps idle.
      expect(() => held.emit('error', terminated())).toThrow(/administrator command/);
      await bare.end();

      const side = sidePool(database.url, { max: 1 });
      const kept = await side.connect();
      kept.release();
      expect(() => kept.emit('error', terminated())).not.toThrow();
      await side.end();

      const client = await sideClient(database.url);
      expect(() => client.emit('error', terminated())).not.toThrow();
      await client.end();
    } finally {
      await database.drop();
    }
  });
});
