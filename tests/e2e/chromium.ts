// Finds a Chromium for the browser tests: CHROME_PATH, Playwright's own, or the system's;
// installs Debian's `chromium` when none is there and we can (root with apt-get).
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

async function playwrightOwn(): Promise<string | null> {
  try {
    const { chromium } = await import('@playwright/test');
    const file = chromium.executablePath();
    return file && executable(file) ? file : null;
  } catch {
    return null;
  }
}

export async function findChromium(): Promise<string | null> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && executable(fromEnv)) return fromEnv;
  return (await playwrightOwn()) ?? SYSTEM_CANDIDATES.find(executable) ?? null;
}

export async function ensureChromium(log: (m: string) => void = console.log): Promise<string> {
  const found = await findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    log('no Chromium found: installing Debian\'s "chromium" package…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const installed = await findChromium();
    if (installed) return installed;
  }
  throw new Error('No Chromium for the browser tests: install one (Debian: "sudo apt-get install chromium") or set CHROME_PATH.');
}

/** Flags for headless Chromium on this kind of machine (no sandbox as root, no network chatter). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
