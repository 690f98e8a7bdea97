// One read per page during a build: a page and its payload.json are two routes whose
// getStaticPaths both ask for the same data; the first call reads, the second gets the same
// promise. Only getStaticPaths use it (build time): on-demand renders always read afresh.
const memo = new Map<string, Promise<unknown>>();

export function buildOnce<T>(key: string, read: () => Promise<T>): Promise<T> {
  let entry = memo.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = read();
    memo.set(key, entry);
  }
  return entry;
}
