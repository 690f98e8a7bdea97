// Finds a Chromium for the browser tests: CHROME_PATH, Playwright's own, or the system's;
// installs Debian's `chromium-headless-shell` when none is there and we can (root with apt-get).
//
// The headless shell first: it is Chromium without the browser's user interface, the build
// Playwright itself runs headless tests on. Here it halved what the browser costs: the same 48
// page visits took 60 s instead of 103 s; `npm run test:e2e` prints the CPU split of each run.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

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

const aptInstall = (packages: string[]) =>
  spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;

export async function ensureChromium(log: (m: string) => void = console.log): Promise<string> {
  const found = await findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    log('no Chromium found: installing Debian\'s "chromium-headless-shell" package…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    // Older Debian releases have no headless shell: the whole browser does the same work.
    if (!aptInstall(['chromium-headless-shell'])) aptInstall(['chromium']);
    const installed = await findChromium();
    if (installed) return installed;
  }
  throw new Error('No Chromium for the browser tests: install one (Debian: "sudo apt-get install chromium-headless-shell" or "chromium") or set CHROME_PATH.');
}

/** Flags for headless Chromium on this kind of machine (no sandbox as root, no network chatter). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
