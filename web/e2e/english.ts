import type { Page, Request } from '@playwright/test';
import { expect } from './helpers';

/**
 * The walk the English specs share (a seller who chose English sees no Chinese): routes
 * opened in one page the way the router's own links open them, popups opened on them, and every
 * visible Han text that is not marked as allowed collected into one report.
 *
 * What may stay Chinese is marked in the page, never listed here:
 * - `translate="no"`: a proper name or free text a person typed (stall names, recipients and postal
 *   addresses, remarks, reasons, file names) — the same attribute tells translation tools to leave it
 *   alone; a label may quote such a name;
 * - `lang="zh…"`: text that is Chinese on purpose (the language switch names Chinese in Chinese).
 */

export const HAN = /\p{Script=Han}/u;

interface Leak {
  route: string;
  path: string;
  text: string;
}

/** Every visible Han text of the page that is not marked as typed or Chinese on purpose. */
async function hanInPage(page: Page, route: string): Promise<Leak[]> {
  const found = await page.evaluate(() => {
    const han = /\p{Script=Han}/u;
    const exempt = (el: Element) => el.closest('[translate="no"], [lang^="zh"]') !== null;
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const cssPath = (el: Element) => {
      const parts: string[] = [];
      for (let at: Element | null = el; at && at !== document.body && parts.length < 4; at = at.parentElement) {
        const classes = [...at.classList].filter((c) => !/^(ant-(row|col|flex|space)|css-)/.test(c)).slice(0, 2);
        parts.unshift(`${at.tagName.toLowerCase()}${classes.map((c) => `.${c}`).join('')}`);
      }
      return parts.join(' > ');
    };
    const leaks: { path: string; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const el = node.parentElement;
      if (!el || !han.test(text) || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || exempt(el)) continue;
      // an option of a native select is shown in its list, whether or not the list is open
      const holder = el.tagName === 'OPTION' ? el.closest('select') : el;
      if (holder && shown(holder)) leaks.push({ path: cssPath(el), text: text.trim() });
    }
    // a label may quote a name the page shows as typed ('Select all of <stall>')
    const names = [...document.body.querySelectorAll('[translate="no"]')].map((el) => el.textContent?.trim() ?? '').filter(Boolean);
    const unquoted = (value: string) => names.reduce((left, name) => left.split(name).join(''), value);
    for (const el of document.body.querySelectorAll('[placeholder], [title], [aria-label], [alt], input')) {
      if (exempt(el) || !shown(el)) continue;
      for (const name of ['placeholder', 'title', 'aria-label', 'alt']) {
        const value = el.getAttribute(name);
        if (value && han.test(unquoted(value))) leaks.push({ path: `${cssPath(el)}[${name}]`, text: value });
      }
      if (el instanceof HTMLInputElement && el.type !== 'hidden' && han.test(el.value)) leaks.push({ path: `${cssPath(el)}[value]`, text: el.value });
    }
    if (han.test(document.title)) leaks.push({ path: 'title', text: document.title });
    return leaks;
  });
  return found.map((leak) => ({ route, ...leak, text: leak.text.slice(0, 120) }));
}

/** A dialog, or the list of a select, date picker, cascader or menu, while it shows. */
const OPEN_POPUPS = '.ant-modal-wrap:visible, .ant-select-dropdown:visible, .ant-picker-dropdown:visible, .ant-dropdown:visible';

/** Waits until no request has been open for a moment and nothing shows a loading state. */
async function settled(page: Page, pending: { count: number; at: number }): Promise<void> {
  await expect
    .poll(() => pending.count === 0 && Date.now() - pending.at > 150, { intervals: [50], timeout: 15_000 })
    .toBe(true);
  await expect(page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible, [aria-busy="true"]:visible')).toHaveCount(0);
}

export interface Walk {
  /** Opens `route` as the router's links do (a history entry and popstate), waits for `ready`, and checks the page. */
  visit: (route: string, ready?: string) => Promise<void>;
  /** Opens a popup on the current route, checks what it shows, then closes it (Escape until it has gone, unless told). */
  popup: (route: string, name: string, open: () => Promise<void>, close?: () => Promise<void>) => Promise<void>;
  /** Checks the page as it is now, under `name`. */
  check: (name: string) => Promise<void>;
  /** Fails the test with every finding, a list of many alike grouped into one. */
  report: () => void;
}

/**
 * One page for the whole walk: a route is opened the way the router's own links do, not by
 * loading the app again, which took most of the time. Requests are counted from here on so that a
 * page is checked once its data has come.
 */
export function walk(page: Page): Walk {
  const inFlight = { count: 0, at: Date.now() };
  // data and code bring text; pictures and fonts do not, and waiting for them took seconds a screen
  const counted = (r: Request) => !['image', 'media', 'font'].includes(r.resourceType());
  const opened = (r: Request) => counted(r) && ((inFlight.count += 1), (inFlight.at = Date.now()));
  const closed = (r: Request) => counted(r) && ((inFlight.count = Math.max(0, inFlight.count - 1)), (inFlight.at = Date.now()));
  page.on('request', opened);
  page.on('requestfinished', closed);
  page.on('requestfailed', closed);

  const leaks: Leak[] = [];
  const check = async (name: string) => {
    await settled(page, inFlight);
    leaks.push(...(await hanInPage(page, name)));
  };
  const visit = async (route: string, ready?: string) => {
    const url = `${route}${route.includes('?') ? '&' : '?'}site=`;
    await page.evaluate((to) => {
      window.history.pushState({ usr: null, key: 'en', idx: 0 }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, url);
    await expect(page).toHaveURL(new RegExp(`${url.replace(/[?.*+^$()[\]{}|\\]/g, '\\$&')}$`));
    if (ready) await expect(page.locator(ready).first()).toBeVisible();
    await check(route);
  };
  // Escape closes the innermost popup; one pressed while a dialog is still taking focus can be lost
  // (seen on a busy machine), so it is pressed again until no dialog or dropdown shows
  const dismiss = () =>
    expect(async () => {
      await page.keyboard.press('Escape');
      await expect(page.locator(OPEN_POPUPS)).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  const popup = async (route: string, name: string, open: () => Promise<void>, close: () => Promise<void> = dismiss) => {
    await open();
    await check(`${route} (${name})`);
    await close();
  };
  const report = () => {
    const grouped = new Map<string, string[]>();
    for (const l of leaks) grouped.set(`${l.route} | ${l.path}`, [...(grouped.get(`${l.route} | ${l.path}`) ?? []), l.text]);
    const lines = [...grouped].map(([where, texts]) => `${where} | ${texts.slice(0, 3).join(' · ')}${texts.length > 3 ? ` (${texts.length} in all)` : ''}`);
    expect(lines, `Chinese in en_US:\n${lines.join('\n')}`).toEqual([]);
  };
  return { visit, popup, check, report };
}

/** Chooses English before the first screen, as a returning seller's browser has it. */
export async function chooseEnglish(page: Page, at = '/login?site='): Promise<void> {
  await page.goto(at);
  await page.evaluate(() => localStorage.setItem('language', 'en_US'));
  await page.reload();
}
