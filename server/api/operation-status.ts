// For the few operations whose success has two statuses (carts/rows/ adds with 201 and changes
// with 200; checkout/ places with 201 and answers a retried key with 200): the handler answers
// the other status itself, still checked against the response schema like every answer.
import type { Context } from 'hono';
import * as v from 'valibot';
import type { OperationResult } from '../../src/lib/contract/operation-io';
import { OPERATION_SCHEMAS } from '../../src/lib/contract/operations';
import type { OperationName } from '../../src/lib/contract/routes';
import type { ApiEnv } from './context';
import { ResponseContractError } from './operation-routes';

export function answerWithStatus<N extends OperationName>(c: Context<ApiEnv>, name: N, data: OperationResult<N>, status: 200 | 201): Response {
  const schema = (OPERATION_SCHEMAS[name] as { response?: v.GenericSchema }).response;
  if (schema && c.get('deps').checkResponses) {
    const checked = v.safeParse(schema, data);
    if (!checked.success) throw new ResponseContractError(name, checked.issues);
  }
  return c.json(data as unknown as object, status);
}
