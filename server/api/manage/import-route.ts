// POST /import/{kind} of the management API (ADR 0032): an import file as the body, read, checked
// and written by the same runImport as `npm run import`, all or nothing. The answer is the summary
// per record kind, or 422 ImportRefused with every problem (line, column, value) when the file has
// any. Pictures are only taken from the shop's own media folder: a key never makes the server read
// a path it names (file names are plain names, see pictureNameCell).
import type { Context } from 'hono';
import type { ErrorItem } from '../../../src/lib/contract/common';
import type { ImportCounts } from '../../import/import-kind';
import { formatProblem, type ImportProblem } from '../../import/import-problems';
import { importKind } from '../../import/kinds';
import { runImport } from '../../import/run-import';
import { auditKeyAction } from '../../manage/key-audit';
import { IMPORT_MAX_BODY_BYTES, IMPORT_SCOPES, importScopeOf } from '../../manage/import-scopes';

export { IMPORT_MAX_BODY_BYTES };
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { requireApiKey } from './key-auth';

/** More problems than this are counted, not listed: the first ones are what the owner fixes first. */
const MAX_LISTED_PROBLEMS = 500;

const FLAGS = ['dry_run', 'delete_missing'] as const;
type Flag = (typeof FLAGS)[number];

/** The file's format by its Content-Type; the name tells readRows which reader to use. */
function fileNameOf(contentType: string | undefined): string {
  const type = (contentType ?? '').toLowerCase();
  const [media = '', ...parameters] = type.split(';').map((s) => s.trim());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw apiError('UnsupportedMediaType', [{ field: null, code: 'charset', message: 'Send the file as UTF-8 ("CSV UTF-8" in Excel).' }], `The file must be UTF-8, not ${charset.slice(0, 40)}.`);
  }
  if (media === 'text/csv') return 'upload.csv';
  if (media === 'application/x-ndjson' || media === 'application/jsonl' || media === 'application/x-jsonlines') return 'upload.jsonl';
  throw apiError(
    'UnsupportedMediaType',
    [{ field: null, code: 'content_type', message: 'Send the file as text/csv or application/x-ndjson (JSON lines).' }],
    'Send the file as CSV (Content-Type: text/csv) or JSON lines (Content-Type: application/x-ndjson).',
  );
}

function flags(c: Context<ApiEnv>): Record<Flag, boolean> {
  const query = c.req.queries();
  const problems: ErrorItem[] = [];
  for (const name of Object.keys(query)) {
    if (!(FLAGS as readonly string[]).includes(name)) problems.push({ field: name.slice(0, 60), code: 'unknown_parameter', message: `Unknown parameter; the parameters are ${FLAGS.join(' and ')}.` });
  }
  const read = (name: Flag): boolean => {
    const given = query[name];
    if (given === undefined) return false;
    if (given.length === 1 && ['true', '1', 'yes', ''].includes(given[0]!)) return true;
    if (given.length === 1 && ['false', '0', 'no'].includes(given[0]!)) return false;
    problems.push({ field: name, code: 'invalid', message: `\`${name}\` is true or false.` });
    return false;
  };
  const answer = { dry_run: read('dry_run'), delete_missing: read('delete_missing') };
  if (problems.length) throw apiError('ValidationFailed', problems.slice(0, 10));
  return answer;
}

export function problemItems(problems: ImportProblem[]): ErrorItem[] {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map(
    (p): ErrorItem => ({
      field: p.column ?? null,
      code: p.code ?? 'invalid',
      message: formatProblem(p),
      line: p.line,
      ...(p.value === undefined ? {} : { value: p.value }),
    }),
  );
  if (problems.length > listed.length) listed.push({ field: null, code: 'more', message: `and ${problems.length - listed.length} more problems not listed` });
  return listed;
}

const countsBody = (c: ImportCounts) => ({ records: c.records, created: c.created, updated: c.updated, unchanged: c.unchanged, skipped: c.skipped, retired: c.retired, notes: c.notes });

export async function postImport(c: Context<ApiEnv>) {
  const name = c.req.param('kind') ?? '';
  const kind = importKind(name);
  const scope = importScopeOf(name);
  if (!kind || !scope) {
    const kinds = Object.keys(IMPORT_SCOPES).filter((k) => importKind(k));
    throw apiError('NotFound', [{ field: 'kind', code: 'not_found', message: `There is no import of that kind; the kinds are ${kinds.join(', ')}.` }], 'There is no import of that kind.');
  }
  const key = await requireApiKey(c, scope);
  const options = flags(c);
  const fileName = fileNameOf(c.req.header('Content-Type'));
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const { db, mediaDir } = c.get('deps');
  const outcome = await runImport(db, kind, { bytes, name: fileName }, {
    dryRun: options.dry_run,
    deleteMissing: options.delete_missing,
    // Never a folder the caller names: pictures must be in the shop's media folder already.
    imagesDir: undefined,
    mediaDir,
    progress: () => {},
    afterWrite: (tx, counts) =>
      auditKeyAction(tx, key.id, `import.${kind.name}`, kind.name, {
        bytes: bytes.length,
        delete_missing: options.delete_missing,
        counts: counts.map(({ records, created, updated, unchanged, skipped, retired }) => ({ records, created, updated, unchanged, skipped, retired })),
      }),
  });
  if (!outcome.ok) {
    const lines = new Set(outcome.problems.map((p) => p.line)).size;
    const detail = `${outcome.problems.length} ${outcome.problems.length === 1 ? 'problem' : 'problems'} on ${lines} ${lines === 1 ? 'line' : 'lines'} of the file; nothing was changed.`;
    throw apiError('ImportRefused', problemItems(outcome.problems), detail);
  }
  return c.json({ kind: kind.name, dry_run: outcome.dryRun, counts: outcome.counts.map(countsBody) });
}
