// The embedded database (PGlite) is a folder that one process at a time may open: a second
// process writing the same files corrupts them, and PGlite itself does not refuse (its
// postmaster.pid always says -42). Whoever opens the folder writes `<folder>.lock` with its
// process id; another process finding that file with a live process in it is refused, one
// finding a dead process (a crash, kill -9) takes the lock over.
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';

export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is open in another process (pid ${pid}, probably the running shop). ` +
        'Stop the shop and run this again, or run the shop on PostgreSQL (DATABASE_URL), which any number of processes may use at once.',
    );
    this.name = 'DatabaseInUseError';
  }
}

const held = new Map<string, number>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const holderOf = (file: string): number | undefined => {
  try {
    const pid = Number((JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

/** Takes the folder's lock for this process; answers the release. Throws DatabaseInUseError. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir.replace(/[/\\]+$/, '')}.lock`;
  const count = held.get(file);
  if (count !== undefined) {
    held.set(file, count + 1);
    return () => release(file);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, since: new Date().toISOString(), argv: process.argv.slice(1, 3) }));
      closeSync(fd);
      held.set(file, 1);
      return () => release(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holderOf(file);
      if (pid !== undefined && pid !== process.pid && isAlive(pid)) throw new DatabaseInUseError(dataDir, pid);
      // A lock left by a process that is gone (or half written by one that died writing it).
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot take the lock ${file}`);
}

function release(file: string) {
  const count = held.get(file) ?? 0;
  if (count > 1) {
    held.set(file, count - 1);
    return;
  }
  held.delete(file);
  if (holderOf(file) === process.pid) rmSync(file, { force: true });
}
