import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './tests/e2e/chromium';

// The browser tests run against the real server (tests/e2e/run-e2e.ts starts it on its own
// data and build folders and passes its URL in E2E_BASE_URL).
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:4321';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two workers on the 2-core CI machine; E2E_WORKERS tries another count (the shop shares the cores).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A retry hides a flaky test; a flaky test is fixed instead (issue 12), in CI as on a laptop.
  retries: 0,
  // Limits for a 2-core machine that also runs the server, the build's leftovers and other work
  // (measured under a load average of 30: the slowest page check took 40 s, an API answer 6 s);
  // a test near its limit is split, not retried.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'tests/.tmp/e2e/results.json' }]],
  // Screenshots (and traces, when asked for) of failures, per run folder (several runs may share a machine).
  outputDir: `${process.env.E2E_WORKDIR ?? 'tests/.tmp/e2e'}/test-results`,
  use: {
    baseURL,
    // No trace unless asked for: recording one (a DOM snapshot at every step) cost a fifth of the
    // browser leg's CPU for traces that were thrown away with every passing test (axe-routes.spec.ts,
    // one sitting: 158 s with traces, 124 s without). A failure keeps its screenshot and the error;
    // E2E_TRACE=retain-on-failure (or on) records traces again to look into one.
    trace: (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
