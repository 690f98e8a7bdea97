/**
 * Runs queries one after another. On a transaction all queries share one connection, where
 * overlapping queries are deprecated by node-postgres; outside one, the cost is a few ms.
 */
export async function inOrder<T extends readonly unknown[]>(...tasks: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  const out: unknown[] = [];
  for (const task of tasks) out.push(await task());
  return out as unknown as T;
}
