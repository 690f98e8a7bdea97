// Lighthouse (mobile settings, the machine's Chromium) on the pages with budgets, and the
// JavaScript each one ships (transfer size, compressed as served).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, ensureChromium } from '../e2e/chromium';

export interface PageBudget {
  name: string;
  path: string;
  /** Most JavaScript the page may ship, KB compressed. */
  maxJsKb?: number;
}

export interface LighthouseResult {
  name: string;
  path: string;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  jsKb: number;
  maxJsKb?: number;
}

export async function runLighthouse(base: string, pages: PageBudget[]): Promise<LighthouseResult[]> {
  const chromePath = await ensureChromium();
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const results: LighthouseResult[] = [];
  try {
    for (const page of pages) {
      const run = await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!run) throw new Error(`Lighthouse gave no result for ${page.path}`);
      const { categories, audits } = run.lhr;
      const summary = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      const script = summary.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      results.push({
        name: page.name,
        path: page.path,
        scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
        jsKb: Math.round((script / 1024) * 10) / 10,
        maxJsKb: page.maxJsKb,
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
