// The OpenAPI 3.1 document of the management API (ADR 0028), apart from the client API's: its
// callers are the shop owner's integrations, with keys, not the storefront.
import { toJsonSchema } from '@valibot/to-json-schema';
import { ErrorBodySchema } from '../../../src/lib/contract/common';
import { API_KEY_SCOPES } from '../../manage/api-keys';
import { IMPORT_SCOPES } from '../../manage/import-scopes';
import { IMPORT_MAX_BODY_BYTES } from './import-route';
import { MAX_SYNC_ROWS } from '../../sync/sync-rows';

type Json = Record<string, unknown>;

const code = { type: 'string', minLength: 1, maxLength: 100 };
const STOCK_ROW = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'quantity'],
  properties: { code: { ...code, description: 'A product or variant code.' }, quantity: { type: 'integer', minimum: -2147483647, maximum: 2147483647, description: 'Units in stock; negative only as the shop keeps it for backorderable products.' } },
};
const PRICE_ROW = {
  type: 'object',
  additionalProperties: false,
  required: ['customer', 'code', 'price'],
  properties: {
    customer: { ...code, description: 'A customer code (C0001).' },
    code: { ...code, description: 'A product or variant code.' },
    price: {
      oneOf: [{ type: 'number', minimum: 0, multipleOf: 0.01 }, { type: 'string', pattern: '^\\d{1,10}([.,]\\d{1,2})?$' }],
      description: 'The net price agreed with the customer; as text a decimal comma is accepted ("12,50").',
    },
  },
};

const SUMMARY = {
  type: 'object',
  required: ['updated', 'unchanged', 'unknown', 'unknown_rows'],
  properties: {
    created: { type: 'integer', description: 'Prices only: agreed prices that did not exist before.' },
    updated: { type: 'integer', description: 'Rows whose value changed.' },
    unchanged: { type: 'integer', description: 'Rows that already held this value (nothing written).' },
    unknown: { type: 'integer', description: 'Rows skipped for an unknown code (only with unknown=skip).' },
    unknown_rows: { type: 'array', items: { type: 'object', required: ['line', 'code'], properties: { line: { type: 'integer' }, code: { type: 'string' } } } },
  },
};

const errors = (...statuses: [number, string][]): Json =>
  Object.fromEntries(statuses.map(([status, description]) => [String(status), { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]));

function syncOperation(kind: 'stock' | 'prices', summary: string, description: string, row: Json, csvExample: string): Json {
  return {
    operationId: kind === 'stock' ? 'syncStock' : 'syncPrices',
    tags: ['sync'],
    summary,
    description,
    security: [{ ApiKey: [kind] }],
    parameters: [
      {
        name: 'unknown',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['fail', 'skip'], default: 'fail' },
        description: 'fail: a row with an unknown code refuses the whole call and every such row is reported; skip: such rows are skipped and listed in `unknown_rows`.',
      },
      { name: 'dry_run', in: 'query', required: false, schema: { type: 'boolean', default: false }, description: 'Check every row and answer the summary a real call would; nothing is written.' },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: { type: 'array', minItems: 1, maxItems: MAX_SYNC_ROWS, items: row } },
        'text/csv': {
          schema: { type: 'string' },
          example: csvExample,
          description: 'One row a line, separated by semicolons (or commas or tabs, as on the first line); UTF-8 with or without BOM; quoted fields; an optional header line.',
        },
      },
    },
    responses: {
      '200': { description: 'Done, in one transaction: what changed.', content: { 'application/json': { schema: SUMMARY } } },
      ...errors(
        [400, 'A row has a problem (ValidationFailed: one error_list entry per problem with its line, column and value; nothing was changed), or the body is not UTF-8 or not valid JSON.'],
        [401, 'No API key (NotAuthenticated), or an unknown or revoked one (InvalidToken).'],
        [403, `The key lacks the scope '${kind}' (Forbidden).`],
        [405, 'Another method than PUT (MethodNotAllowed).'],
        [413, 'The body is larger than the API takes (PayloadTooLarge).'],
        [415, 'The body is neither application/json nor text/csv (UnsupportedMediaType).'],
        [429, 'Too many calls with a wrong key from this address (TooManyAttempts); see Retry-After.'],
      ),
    },
  };
}

const IMPORT_COUNTS = {
  type: 'object',
  required: ['records', 'created', 'updated', 'unchanged', 'skipped', 'retired', 'notes'],
  properties: {
    records: { type: 'string', description: 'The kind of record counted: categories, products, variants…' },
    created: { type: 'integer' },
    updated: { type: 'integer', description: 'Records whose values changed (their pages are regenerated).' },
    unchanged: { type: 'integer', description: 'Records equal to the row: nothing written, no page regenerated.' },
    skipped: { type: 'integer', description: 'Rows with no value in any cell.' },
    retired: { type: 'integer', description: 'With delete_missing: unpublished, deactivated or deleted (docs/import.md says which).' },
    notes: { type: 'array', items: { type: 'string' }, description: 'Lines that explain a figure, e.g. why a variant was kept.' },
  },
};

function importOperation(maxBytes: number): Json {
  const flag = (name: string, description: string) => ({ name, in: 'query', required: false, schema: { type: 'boolean', default: false }, description });
  const kinds = Object.entries(IMPORT_SCOPES);
  return {
    operationId: 'importFile',
    tags: ['import'],
    summary: 'Import a categories or products file (as `npm run import` does)',
    description:
      `The body is the file itself, in the columns of docs/import.md. The whole file is checked first; a file with any problem changes nothing and is answered 422 with every problem (its line, column and value). A good file is written in one transaction; unchanged rows are not written. ` +
      `Scope by kind: ${kinds.map(([k, s]) => `${k} needs ${s}`).join(', ')}. ` +
      'Pictures named in a products file must already be in the shop\'s media folder (`DATA_DIR/media/products`): the API never reads a folder the caller names. ' +
      `Bodies up to ${maxBytes / 1024 / 1024} MB.`,
    security: [{ ApiKey: ['catalogue'] }],
    parameters: [
      { name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: kinds.map(([k]) => k) }, description: 'The kind of file.' },
      flag('dry_run', 'Check the file and try every write in a transaction that is rolled back: the answer is what a real run would do; nothing changes.'),
      flag('delete_missing', 'Retire the records the file does not name (products are unpublished, categories deactivated; never deleted).'),
    ],
    requestBody: {
      required: true,
      content: {
        'text/csv': {
          schema: { type: 'string' },
          example: 'code,slug,price,name_it\nENO-0013,tappi-sughero-naturale,"0,35",Tappi in sughero naturale\n',
          description: 'Comma or semicolon (as the header line has more of), UTF-8 with or without BOM, quoted fields; line 1 names the columns.',
        },
        'application/x-ndjson': { schema: { type: 'string' }, example: '{"code":"ENO-0013","slug":"tappi-sughero-naturale","price":"0,35","name_it":"Tappi in sughero naturale"}\n', description: 'JSON lines: one object a line, the column names as keys.' },
      },
    },
    responses: {
      '200': {
        description: 'Imported (or, with dry_run, what would be): the counts per kind of record.',
        content: { 'application/json': { schema: { type: 'object', required: ['kind', 'dry_run', 'counts'], properties: { kind: { type: 'string' }, dry_run: { type: 'boolean' }, counts: { type: 'array', items: IMPORT_COUNTS } } } } },
      },
      ...errors(
        [400, 'An unknown query parameter, or a flag that is not true or false (ValidationFailed).'],
        [401, 'No API key (NotAuthenticated), or an unknown or revoked one (InvalidToken).'],
        [403, "The key lacks the kind's scope (Forbidden)."],
        [404, 'No import of that kind (NotFound).'],
        [413, 'The body is larger than the import takes (PayloadTooLarge); split the file.'],
        [415, 'The body is neither text/csv nor application/x-ndjson, or not declared UTF-8 (UnsupportedMediaType).'],
        [422, 'The file has problems (ImportRefused): one error_list entry each, with `line` (1 is the header), `field` (the column), `value` and a stable `code` (invalid, required, duplicate, not_found, unknown_column, file); nothing was changed.'],
        [429, 'Too many calls with a wrong key from this address (TooManyAttempts); see Retry-After.'],
      ),
    },
  };
}

export function buildManageOpenApi(serverUrl: string): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vinoshop management API',
      version: '1',
      description: `For the shop owner's integrations (ERP, spreadsheets, scheduled jobs). Calls authenticate with an API key (\`npm run keys -- create <name> --scope stock,prices\`) sent as \`Authorization: Bearer <key>\`; each key has scopes (${API_KEY_SCOPES.join(', ')}). Every change is written to the audit log with the key's name. Errors answer \`{detail, error_list, code}\` as the client API does. At most ${MAX_SYNC_ROWS} rows per sync call.`,
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { ApiKey: { type: 'http', scheme: 'bearer', description: 'A management API key (vsk_…), with the scope the call names.' } },
      schemas: { Error: toJsonSchema(ErrorBodySchema, { typeMode: 'output', errorMode: 'ignore' }) },
    },
    paths: {
      '/stock': {
        put: syncOperation(
          'stock',
          'Set stock quantities by product or variant code',
          'Sets the quantity of each product or variant named. Only quantities change: the pages are not regenerated (stock is live on them).',
          STOCK_ROW,
          'code;quantity\nENO-0001;25\nENO-0002-750;0\n',
        ),
      },
      '/import/{kind}': { post: importOperation(IMPORT_MAX_BODY_BYTES) },
      '/prices': {
        put: syncOperation(
          'prices',
          "Set customers' agreed net prices by customer and product or variant code",
          'Sets the price agreed with each customer for a product or variant (no season, no validity dates): created when there was none, updated otherwise.',
          PRICE_ROW,
          'customer;code;price\nC0001;ENO-0001;12,50\n',
        ),
      },
    },
  };
}
