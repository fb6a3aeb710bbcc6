import type { Page } from '@playwright/test';

/**
 * What sticks out past the right edge of the viewport: the outermost elements wider than the page,
 * named by their path and text. Fixed layers (drawers, toasts) and the inside of scrolling boxes
 * do not widen the page and are left out.
 */
export async function overflow(page: Page): Promise<{ scrollWidth: number; width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (scrollWidth <= width) return { scrollWidth, width, culprits };
    const name = (el: Element) => {
      const parts: string[] = [];
      for (let at: Element | null = el; at && at !== document.body && parts.length < 4; at = at.parentElement) {
        const classes = [...at.classList].filter((c) => !/^css-/.test(c)).slice(0, 2);
        parts.unshift(`${at.tagName.toLowerCase()}${classes.map((c) => `.${c}`).join('')}`);
      }
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${parts.join(' > ')}${text ? ` "${text}"` : ''} (right edge ${Math.round(el.getBoundingClientRect().right)} px)`;
    };
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    const contained = (el: Element) => {
      for (let at = el.parentElement; at && at !== document.documentElement; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.position === 'fixed' || style.overflowX !== 'visible') return true;
      }
      return getComputedStyle(el).position === 'fixed';
    };
    for (const el of document.body.querySelectorAll('*')) {
      if (!sticksOut(el) || contained(el)) continue;
      if (el.parentElement && el.parentElement !== document.body && sticksOut(el.parentElement) && !contained(el.parentElement)) continue;
      culprits.push(name(el));
      if (culprits.length === 5) break;
    }
    return { scrollWidth, width, culprits };
  });
}
