import { describe, expect, it } from 'vitest';
import { ttlMemo } from './ttl-memo';

function setup(options: { staleOnError?: boolean } = {}) {
  let time = 0;
  const calls: string[] = [];
  const answers: (string | Error)[] = [];
  const memo = ttlMemo<string, string>(
    async (key) => {
      calls.push(key);
      const next = answers.shift() ?? `${key}@${time}`;
      if (next instanceof Error) throw next;
      return next;
    },
    { ttlMs: 1000, now: () => time, ...options },
  );
  return { memo, calls, answers, advance: (ms: number) => (time += ms) };
}

describe('ttlMemo', () => {
  it('loads once per key while fresh, and again when older than ttlMs', async () => {
    const { memo, calls, advance } = setup();
    expect(await memo.get('a')).toBe('a@0');
    advance(999);
    expect(await memo.get('a')).toBe('a@0');
    expect(await memo.get('b')).toBe('b@999');
    advance(1);
    expect(await memo.get('a')).toBe('a@1000');
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('shares one load among callers that ask while it is in flight', async () => {
    const { memo, calls } = setup();
    const [one, two] = await Promise.all([memo.get('a'), memo.get('a')]);
    expect([one, two]).toEqual(['a@0', 'a@0']);
    expect(calls).toEqual(['a']);
  });

  it('does not remember a failure: the next get loads again', async () => {
    const { memo, calls, answers } = setup();
    answers.push(new Error('away'));
    await expect(memo.get('a')).rejects.toThrow('away');
    expect(await memo.get('a')).toBe('a@0');
    expect(calls).toEqual(['a', 'a']);
  });

  it('answers the last good value on failure when asked to, and only then', async () => {
    const { memo, answers, advance } = setup({ staleOnError: true });
    answers.push(new Error('away'));
    await expect(memo.get('a')).rejects.toThrow('away');
    expect(await memo.get('a')).toBe('a@0');
    advance(1000);
    answers.push(new Error('away'));
    expect(await memo.get('a')).toBe('a@0');
    expect(memo.lastGood('a')).toBe('a@0');
  });

  it('clear() loads again but keeps the last good value', async () => {
    const { memo, calls, advance } = setup();
    await memo.get('a');
    advance(10);
    memo.clear();
    expect(memo.lastGood('a')).toBe('a@0');
    expect(await memo.get('a')).toBe('a@10');
    expect(calls).toEqual(['a', 'a']);
  });
});
