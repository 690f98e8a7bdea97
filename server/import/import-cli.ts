// npm run import -- <kind> <file> [--dry-run] [--delete-missing] [--images DIR] [--invite] [--server URL [--key KEY]]
// (`stock` and `prices` files go by the sync fast path, server/sync/sync-cli.ts, ADR 0028.)
// With --server the file goes to the running shop's management API (ADR 0032), with the key of
// --key or SHOP_API_KEY: the way in while the shop holds its embedded database.
// Imports a catalogue file (docs/import.md): every problem is printed with its line and column,
// a file with any problem changes nothing, and the summary says what was created, updated and
// left unchanged. Exit code 0 when imported (or the dry run found nothing wrong), 1 when the file
// has problems, 2 for a wrong command line or a database that cannot be opened.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, mediaDirOf } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { DatabaseInUseError } from '../db/pglite-lock';
import { IMPORT_MAX_BODY_BYTES, importScopeOf } from '../manage/import-scopes';
import { serverBase, throughServerHint } from '../manage/shop-client';
import { formatProblem } from './import-problems';
import { importViaServer } from './import-via-server';
import { importKind, importKindNames } from './kinds';
import { formatCounts, runImport } from './run-import';

const USAGE = `usage: npm run import -- <${importKindNames().join('|')}> <file.csv|file.jsonl> [--dry-run] [--delete-missing] [--images DIR] [--invite (users)]\n       npm run import -- <stock|prices> <file.csv|file.json> [--dry-run] [--unknown skip]\n       either, through the running shop: … --server http://localhost:4321 [--key KEY] (or SHOP_API_KEY=KEY)`;
const MAX_PROBLEMS_SHOWN = 200;
const MAX_FILE_BYTES = 512 * 1024 * 1024;

function usage(message: string): never {
  console.error(`[import] ${message}\n${USAGE}`);
  process.exit(2);
}

// Stock and prices are the sync's rows (`code;quantity`, `customer;code;price`): one
// statement-batched transaction, no page regeneration. The same command takes them.
const firstArgument = process.argv.slice(2).find((a) => a !== '--');
if (firstArgument === 'stock' || firstArgument === 'prices') await import('../sync/sync-cli');
else await importCatalogue();

async function importCatalogue(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2).filter((a) => a !== '--'),
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean' },
        'delete-missing': { type: 'boolean' },
        images: { type: 'string' },
        invite: { type: 'boolean' },
        server: { type: 'string' },
        key: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const [kindName, file, ...extra] = parsed.positionals;
  if (!kindName || !file || extra.length) usage('give the kind of file and the file');
  const kind = importKind(kindName);
  if (!kind) usage(`"${kindName}" is not a kind of import file`);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) usage(`${file} is not a file`);
  if (info.size > MAX_FILE_BYTES) usage(`${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB; split it`);
  if (parsed.values.invite && kind.name !== 'users') usage('--invite is for users files only');
  if (parsed.values.server !== undefined) {
    const server = serverBase(parsed.values.server);
    if (!server) usage(`--server ${parsed.values.server} is not the shop's address (e.g. http://localhost:4321)`);
    const key = parsed.values.key ?? process.env.SHOP_API_KEY;
    if (!key) usage(`--server needs an API key with the scope ${importScopeOf(kind.name) ?? 'catalogue'}: --key KEY or SHOP_API_KEY=KEY (npm run keys -- create …)`);
    // The server never reads a folder the caller names (ADR 0032).
    if (parsed.values.invite) usage('--invite cannot go through --server: invite the users from the shop\'s own machine with the shop stopped');
    if (parsed.values.images) usage('--images cannot go through --server: put the pictures in the shop\'s media folder (DATA_DIR/media/products) and import without --images');
    if (info.size > IMPORT_MAX_BODY_BYTES) usage(`${file} is larger than the ${IMPORT_MAX_BODY_BYTES / 1024 / 1024} MB the shop takes over HTTP; split it`);
    const started = performance.now();
    process.exitCode = await importViaServer({
      server,
      key,
      kind: kind.name,
      file,
      bytes: await readFile(file),
      dryRun: Boolean(parsed.values['dry-run']),
      deleteMissing: Boolean(parsed.values['delete-missing']),
      progress: (m) => console.error(`[import] ${((performance.now() - started) / 1000).toFixed(1)} s ${m}`),
    });
    return;
  }
  const imagesDir = parsed.values.images ? path.resolve(parsed.values.images) : undefined;
  if (imagesDir && !(await stat(imagesDir).catch(() => undefined))?.isDirectory()) usage(`--images ${imagesDir} is not a folder`);

  const config = loadConfig();
  let database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(`[import] ${error.message}\n${throughServerHint({ scope: importScopeOf(kind.name) ?? 'catalogue', port: config.port, args: process.argv.slice(2), script: 'import' })}`);
    process.exit(2);
  }
  const started = performance.now();
  try {
    await database.migrate();
    const outcome = await runImport(
      database.db,
      kind,
      { bytes: await readFile(file), name: file },
      {
        dryRun: Boolean(parsed.values['dry-run']),
        deleteMissing: Boolean(parsed.values['delete-missing']),
        imagesDir,
        invite: Boolean(parsed.values.invite),
        siteUrl: config.publicSiteUrl,
        mediaDir: mediaDirOf(config.dataDir),
        progress: (m) => console.error(`[import] ${((performance.now() - started) / 1000).toFixed(1)} s ${m}`),
      },
    );
    if (!outcome.ok) {
      for (const p of outcome.problems.slice(0, MAX_PROBLEMS_SHOWN)) console.log(formatProblem(p));
      if (outcome.problems.length > MAX_PROBLEMS_SHOWN) console.log(`… and ${outcome.problems.length - MAX_PROBLEMS_SHOWN} more`);
      console.log(`[import] ${outcome.problems.length} problem(s) in ${file}; nothing was changed`);
      process.exitCode = 1;
    } else {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`[import] ${file}${outcome.dryRun ? ' (dry run: nothing was written)' : ''} in ${seconds} s`);
      for (const c of outcome.counts) {
        console.log(`  ${formatCounts(c)}`);
        for (const n of c.notes) console.log(`    ${n}`);
      }
    }
  } catch (error) {
    // A refusal from the database the checks did not foresee: the transaction rolled back.
    console.error(`[import] the database refused the import, nothing was changed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
