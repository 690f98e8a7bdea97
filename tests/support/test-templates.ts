// vitest global setup of the API tests: migrates one database and seeds the demo shop once per
// run, keeps both states as templates, and hands their whereabouts to the test files
// (openTestDatabase copies one per file). PGlite: data-dir dumps under tests/.tmp; PostgreSQL:
// two template databases named per run, since several runs may share the server. Both are
// removed at teardown.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT_DIR } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seedDemoShop } from '../../server/seed/seed';
import { adminQuery, databaseUrl, testDbKind, testDbPrefix, type TestTemplates } from './test-db';

interface DumpsDataDir {
  $client: { dumpDataDir(compression: 'none'): Promise<Blob> };
}

export default async function setup(project: TestProject) {
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const started = Date.now();
  const templates = testDbKind() === 'pglite' ? await pgliteTemplates(run) : await postgresTemplates(run);
  console.log(`[test-templates] migrated and seeded once for this run (${templates.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('testTemplates', templates);
  return () => removeTemplates(templates);
}

async function pgliteTemplates(run: string): Promise<TestTemplates> {
  const dir = path.join(ROOT_DIR, 'tests/.tmp/templates', run);
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({});
  const dump = async (name: string) => {
    // Uncompressed: every file loads it, and gunzip per file would cost more than the disk.
    const blob = await (database.db as unknown as DumpsDataDir).$client.dumpDataDir('none');
    const file = path.join(dir, `${name}.tar`);
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    return file;
  };
  try {
    await database.migrate();
    const migrated = await dump('migrated');
    await seedDemoShop(database.db);
    return { kind: 'pglite', migrated, seeded: await dump('seeded') };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
}

async function postgresTemplates(run: string): Promise<TestTemplates> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const prefix = testDbPrefix();
  const templates: TestTemplates = { kind: 'postgres', migrated: `${prefix}_template_${run}_migrated`, seeded: `${prefix}_template_${run}_seeded` };
  const filled = async (name: string, template: string | undefined, fill: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<unknown>) => {
    await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
    const database = await openDatabase({ url: databaseUrl(adminUrl, name), poolSize: 2 });
    try {
      await fill(database);
    } finally {
      // A database is copied only with no session open on it.
      await database.close();
    }
  };
  try {
    await filled(templates.migrated, undefined, (database) => database.migrate());
    await filled(templates.seeded, templates.migrated, (database) => seedDemoShop(database.db));
    // A stray session on a template would make every copy fail: nobody connects to one.
    for (const name of [templates.migrated, templates.seeded]) await adminQuery(adminUrl, `alter database ${name} with allow_connections false`);
  } catch (error) {
    await removeTemplates(templates);
    throw error;
  }
  return templates;
}

async function removeTemplates(templates: TestTemplates) {
  if (templates.kind === 'pglite') {
    rmSync(path.dirname(templates.migrated), { recursive: true, force: true });
    return;
  }
  for (const name of [templates.migrated, templates.seeded]) await adminQuery(process.env.TEST_DATABASE_URL!, `drop database if exists ${name} with (force)`);
}
