// One process per embedded database folder: a live holder refuses others, a dead one is replaced.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DatabaseInUseError, lockDataDir } from './pglite-lock';

const root = mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
// Another live process, standing in for the running shop.
const other = spawn('sleep', ['60'], { stdio: 'ignore' });
afterAll(() => other.kill());

describe('lockDataDir', () => {
  it('writes the lock with this process id and removes it on release', () => {
    const dir = path.join(root, 'a');
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    const again = lockDataDir(dir);
    again();
    expect(existsSync(`${dir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses while another live process holds the folder, naming it and what to do', () => {
    const dir = path.join(root, 'b');
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: other.pid }));
    expect(() => lockDataDir(dir)).toThrow(DatabaseInUseError);
    expect(() => lockDataDir(dir)).toThrow(`pid ${other.pid}, probably the running shop). Stop the shop`);
  });

  it('takes over a lock left by a process that is gone, or a half-written one', () => {
    const dir = path.join(root, 'c');
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345 }));
    lockDataDir(dir)();
    writeFileSync(`${dir}.lock`, '{"pi');
    lockDataDir(dir)();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('openDatabase refuses the folder of a running shop before touching its files', async () => {
    const dir = path.join(root, 'd');
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: other.pid }));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseInUseError);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
  });
});
