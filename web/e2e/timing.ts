import type { Browser } from '@playwright/test';

/** One request of the first screen, in ms from the navigation's start. */
interface TimedRequest {
  name: string;
  kind: 'document' | 'js' | 'css' | 'data' | 'other';
  start: number;
  end: number;
  /** 1 = the document; a request is one wave after the latest wave that had a request finished before it started. */
  wave: number;
}

export interface FirstScreenTiming {
  url: string;
  /** From the navigation's start to `selector` first shown (a box of some size in the page). */
  readyMs: number;
  /** Waves of requests up to then (the document included); a request waiting on nothing else is in wave 2. */
  waves: number;
  jsFiles: number;
  requests: TimedRequest[];
}

function kindOf(name: string, initiator: string): TimedRequest['kind'] {
  if (initiator === 'navigation') return 'document';
  const path = new URL(name).pathname;
  if (path.endsWith('.js')) return 'js';
  if (path.endsWith('.css')) return 'css';
  if (path.startsWith('/jpmall/')) return 'data';
  return 'other';
}

/** Wave of each request: one after the highest wave among the requests that ended before it started. */
function assignWaves(requests: Omit<TimedRequest, 'wave'>[]): TimedRequest[] {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const done: TimedRequest[] = [];
  for (const r of sorted) {
    const before = done.filter((d) => d.end <= r.start).reduce((max, d) => Math.max(max, d.wave), 0);
    done.push({ ...r, wave: before + 1 });
  }
  return done;
}

/**
 * Opens `url` in a fresh browser context (empty cache, no storage) and measures the time from the
 * navigation's start to the first element matching `selector` being shown, watched from the page's
 * first script on (a MutationObserver, so the time is the DOM's, not a polling interval's), and the
 * requests made up to then (Resource Timing). Used by the first-screen bench (`make bench`).
 */
export async function timeFirstScreen(browser: Browser, url: string, selector: string, language?: string): Promise<FirstScreenTiming> {
  const context = await browser.newContext();
  try {
    // a seller who chose this language before: stored in the page and named to the server by its cookie
    if (language) {
      await context.addCookies([{ name: 'language', value: language, url }]);
      await context.addInitScript((chosen: string) => window.localStorage.setItem('language', chosen), language);
    }
    const page = await context.newPage();
    await page.addInitScript((sel: string) => {
      const w = window as unknown as { __firstShown?: number };
      const look = () => {
        if (w.__firstShown !== undefined) return;
        const element = document.querySelector(sel);
        if (element && element.getBoundingClientRect().height > 0) w.__firstShown = performance.now();
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
    }, selector);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __firstShown?: number }).__firstShown !== undefined, null, { timeout: 30_000 });
    const measured = await page.evaluate(() => {
      const readyMs = (window as unknown as { __firstShown: number }).__firstShown;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        readyMs,
        entries: [nav, ...resources]
          .filter((e) => e.startTime <= readyMs)
          .map((e) => ({ name: e.name, initiator: e.initiatorType, start: e.startTime, end: e.responseEnd })),
      };
    });
    const requests = assignWaves(
      measured.entries.map((e) => ({
        name: new URL(e.name).pathname.replace(/^\/assets\//, ''),
        kind: kindOf(e.name, e.initiator),
        start: Math.round(e.start),
        end: Math.round(e.end),
      })),
    );
    return {
      url,
      readyMs: Math.round(measured.readyMs),
      waves: requests.reduce((max, r) => Math.max(max, r.wave), 0),
      jsFiles: requests.filter((r) => r.kind === 'js').length,
      requests,
    };
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}
