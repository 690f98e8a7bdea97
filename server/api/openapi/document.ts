// Builds the OpenAPI 3.1 document of the API from the operation list and the valibot
// request schemas of the contract (converted to JSON Schema), so the document and the
// validation cannot drift apart.
import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { ContextQuerySchema } from '../../../src/lib/contract/common';
import { DEFAULT_LOCALE, LOCALES } from '../../../src/lib/contract/locales';
import { ERROR_CODES, FIELD_CODES } from '../../../src/lib/contract/error-codes';
import type { OperationSchemas } from '../../../src/lib/contract/operation';
import { OPERATION_SCHEMAS } from '../../../src/lib/contract/operations';
import { ROUTES, type OperationName } from '../../../src/lib/contract/routes';
import type { Operation } from './operation';

type Json = Record<string, unknown>;

const jsonSchema = (schema: GenericSchema, mode: 'input' | 'output' = 'input') =>
  toJsonSchema(schema, { typeMode: mode, errorMode: 'ignore' }) as Json;

const CONTEXT_PARAMS = new Set(Object.keys(ContextQuerySchema.entries));

function queryParameters(schema: GenericSchema | undefined): Json[] {
  const params: Json[] = [
    { name: 'locale', in: 'query', schema: { type: 'string', enum: [...LOCALES], default: DEFAULT_LOCALE }, description: 'Language of localized fields (falls back to Italian).' },
    { name: 'shop_context', in: 'query', schema: { type: 'string', enum: ['b2b', 'b2c'], default: 'b2b' } },
  ];
  if (!schema) return params;
  const converted = jsonSchema(schema);
  const properties = (converted.properties ?? {}) as Record<string, Json>;
  const required = new Set((converted.required as string[] | undefined) ?? []);
  for (const [name, prop] of Object.entries(properties)) {
    if (CONTEXT_PARAMS.has(name)) continue;
    params.push({ name, in: 'query', required: required.has(name), schema: prop, ...(prop.type === 'array' ? { style: 'form', explode: true } : {}) });
  }
  return params;
}

/** The contract's operations (ADR 0018) in the shape of the older hand-kept list, with their statuses and response schemas. */
function contractOperations(): (Operation & { status: number; response?: GenericSchema })[] {
  return (Object.keys(ROUTES) as OperationName[]).map((name) => {
    const route = ROUTES[name];
    const schemas: OperationSchemas = OPERATION_SCHEMAS[name];
    const params = schemas.params?.entries ?? {};
    const pathParams = Object.fromEntries(
      [...route.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => [param!, (jsonSchema(params[param!] ?? ({} as GenericSchema)).description as string | undefined) ?? param!]),
    );
    return {
      method: route.method,
      path: route.path,
      tag: schemas.tag,
      summary: schemas.summary,
      access: schemas.access,
      ...(Object.keys(pathParams).length ? { pathParams } : {}),
      headerParams: schemas.headerParams,
      query: schemas.query,
      body: schemas.body,
      answers: route.status === 204 ? 'No Content' : 'produces' in route ? 'The file' : 'Success',
      errors: schemas.errors,
      ...('produces' in route ? { produces: route.produces as string } : {}),
      status: route.status,
      response: schemas.response,
      operationId: name,
    };
  });
}

function responses(op: Operation & { status?: number; response?: GenericSchema }): Json {
  const errorRef = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  if (op.status !== undefined) {
    const success: Json =
      op.status === 204
        ? { description: 'No Content' }
        : op.produces
          ? { description: op.answers, content: { [op.produces]: { schema: { type: 'string', format: 'binary' } } } }
          : { description: op.answers, content: { 'application/json': { schema: op.response ? jsonSchema(op.response, 'output') : {} } } };
    return { [op.status]: success, ...errorResponses(op, errorRef) };
  }
  const out: Json = {
    [op.method === 'post' && /create|add/i.test(op.summary) ? '200' : '200']: op.produces
      ? { description: op.answers, content: { [op.produces]: { schema: { type: 'string', format: 'binary' } } } }
      : { description: op.answers, content: { 'application/json': { schema: op.paged ? { $ref: '#/components/schemas/Paged' } : { type: 'object' } } } },
  };
  return { ...out, ...errorResponses(op, errorRef) };
}

function errorResponses(op: Operation, errorRef: Json): Json {
  const out: Json = { 400: { description: 'Invalid input: one error_list entry per field.', ...errorRef } };
  if (op.access === 'user' || op.access === 'agent') out[401] = { description: 'not authenticated, or an invalid or expired token.', ...errorRef };
  if (op.access === 'user') out[403] = { description: 'PasswordChangeRequired: the token belongs to a user who must change the password (error_list code password_change_required); sign in again after auth/password-change/.', ...errorRef };
  if (op.access === 'agent') out[403] = { description: 'Only agents may call this.', ...errorRef };
  if (op.pathParams) out[404] = { description: 'Not found (or not visible to the caller).', ...errorRef };
  for (const [status, description] of Object.entries(op.errors ?? {})) out[status] = { description, ...errorRef };
  return out;
}

/** Every operation the document describes. */
export function documentedOperations(): Operation[] {
  return contractOperations();
}

export function buildOpenApiDocument(serverUrl = '/api/v3/client'): Json {
  const paths: Record<string, Json> = {};
  for (const op of documentedOperations() as (Operation & { operationId?: string })[]) {
    const key = `/${op.path}`;
    const entry: Json = {
      tags: [op.tag],
      summary: op.summary,
      operationId: op.operationId ?? `${op.method}_${op.path.replace(/[{}]/g, '').replace(/[^a-z0-9]+/gi, '_').replace(/_+$/, '')}`,
      parameters: [
        ...Object.entries(op.pathParams ?? {}).map(([name, description]) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } })),
        ...queryParameters(op.query),
        ...Object.entries(op.headerParams ?? {}).map(([name, description]) => ({ name, in: 'header', required: false, description, schema: { type: 'string' } })),
      ],
      responses: responses(op),
      ...(op.access === 'user' || op.access === 'agent' ? { security: [{ TokenAuth: [] }] } : op.access === 'optional' ? { security: [{}, { TokenAuth: [] }] } : {}),
    };
    if (op.body) entry.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } };
    paths[key] = { ...(paths[key] ?? {}), [op.method]: entry };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vinoshop client API',
      version: '3',
      description:
        'The shop API the storefront speaks (also served under /api/v2/client). Every call accepts `locale` and `shop_context`. Lists take `page`, `page_size` and `order_by` (`field-direction`) and answer `{results, count}`. Errors answer `{detail, error_list, code}`: `code` is the stable name of the error (the English `detail` may change), `error_list[].code` the rule a field broke.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { TokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token> from POST auth/login/' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['detail', 'error_list', 'code'],
          properties: {
            detail: { type: 'string', description: 'What went wrong, in English (spec section 8); show a message chosen by `code` instead.' },
            error_list: {
              type: 'array',
              items: {
                type: 'object',
                required: ['field', 'code', 'message'],
                properties: {
                  field: { type: ['string', 'null'], description: 'The field concerned (dotted path), or null for the request as a whole.' },
                  code: {
                    type: 'string',
                    description: `The rule broken: a validation issue type (min_length, max_value, regex, email…), a coupon term, a password policy rule, or one of: ${Object.values(FIELD_CODES).join(', ')}.`,
                  },
                  message: { type: 'string', description: 'The same in English.' },
                },
              },
            },
            code: { type: 'string', enum: [...ERROR_CODES], description: 'The stable name of the error.' },
          },
        },
        Paged: { type: 'object', required: ['results', 'count'], properties: { results: { type: 'array', items: { type: 'object' } }, count: { type: 'integer' } } },
      },
    },
    paths,
  };
}
