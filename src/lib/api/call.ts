// Calls an operation of the contract by name (src/lib/contract/routes): the path, method and
// types come from the contract, so no island or page writes a path string or a result type.
import type { KyInstance } from 'ky';
import { fillPath } from '../contract/operation';
import type { OperationBody, OperationParams, OperationQuery, OperationResponse } from '../contract/operation-io';
import { ROUTES, type OperationName } from '../contract/routes';
import { getFile, getJson, sendJson, type Query } from './client';
import type { ApiResult } from './result';

type Optional<T, K extends string> = Record<never, never> extends T ? { [P in K]?: T } : { [P in K]: T };

export type CallInput<N extends OperationName> = Optional<OperationParams<N>, 'params'> &
  (OperationBody<N> extends undefined ? { body?: undefined } : { body: OperationBody<N> }) & {
    query?: OperationQuery<N>;
    headers?: Record<string, string>;
  };

type CallArgs<N extends OperationName> = Record<never, never> extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

export async function call<N extends OperationName>(client: KyInstance, name: N, ...[input]: CallArgs<N>): Promise<ApiResult<OperationResponse<N>>> {
  const route = ROUTES[name];
  const { params, query, body, headers } = (input ?? {}) as { params?: Record<string, string | number>; query?: Query; body?: unknown; headers?: Record<string, string> };
  const path = fillPath(route.path, params, 'rest' in route ? route.rest : undefined);
  if ('produces' in route && route.produces) return getFile(client, path, query) as Promise<ApiResult<OperationResponse<N>>>;
  if (route.method === 'get') return getJson<OperationResponse<N>>(client, path, query, headers);
  return sendJson<OperationResponse<N>>(client, route.method, path, body, query, headers);
}
