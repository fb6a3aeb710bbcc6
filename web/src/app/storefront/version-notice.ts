import { SCREEN_LOAD_ERROR_EVENT } from '../../lib/lazy-screen';
import { VERSION_POLL_MS } from '../../lib/constants';

declare const __BUILD_ID__: string;

/** The build id compiled into this bundle. */
const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

/** Whether the deployed version.json names another build than the running one. */
export function isNewerBuild(deployed: unknown, running: string = BUILD_ID): boolean {
  if (typeof deployed !== 'object' || deployed === null) return false;
  const build = (deployed as { build?: unknown }).build;
  return typeof build === 'string' && build !== '' && build !== running;
}

let shown = false;

/** Shows the 'new version, click to refresh' notice once. */
function showNewVersionNotice(): void {
  if (shown) return;
  shown = true;
  void import('./version-notice-view').then(({ openVersionNotice }) => openVersionNotice()).catch(() => {
    shown = false;
  });
}

async function checkVersion(fetchFn: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchFn(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return false;
    const newer = isNewerBuild(await response.json());
    if (newer) showNewVersionNotice();
    return newer;
  } catch {
    return false;
  }
}

/**
 * Watches for a newer deployment: a screen chunk that fails to load (ours or Vite's preload
 * event) and a changed build id in /version.json (polled, and checked when the tab is shown).
 */
export function startVersionWatch(): void {
  window.addEventListener(SCREEN_LOAD_ERROR_EVENT, () => showNewVersionNotice());
  window.addEventListener('vite:preloadError', () => showNewVersionNotice());
  if (import.meta.env.DEV) return;
  window.setInterval(() => void checkVersion(), VERSION_POLL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkVersion();
  });
}
