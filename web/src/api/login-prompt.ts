import { t } from '../lib/i18n';
import { currentPathAndQuery, navigateTo } from '../lib/navigation';
import { withSite } from '../lib/site-rule';
import { readText, STORAGE_KEYS } from '../lib/storage';

/** The login address that returns to `redirect` (path and query) afterwards. */
export function loginPath(redirect: string, site: string | null | undefined): string {
  const params = new URLSearchParams();
  if (redirect && !redirect.startsWith('/login')) params.set('redirect', redirect);
  const query = params.toString();
  return withSite(query ? `/login?${query}` : '/login', site);
}

let open = false;

/**
 * Shows the 'login prompt' confirm dialog unless one is already showing (several 401 answers at
 * once give one dialog). Confirming goes to /login?redirect=<path and query>.
 */
export function openLoginPrompt(): void {
  if (open) return;
  if (window.location.pathname === '/login') return;
  open = true;
  const redirect = currentPathAndQuery();
  void import('./login-prompt-view')
    .then(({ showLoginPrompt }) =>
      showLoginPrompt({
        title: t('auth.loginPrompt.title'),
        content: t('auth.loginPrompt.content'),
        okText: t('auth.loginPrompt.ok'),
        cancelText: t('common.cancel'),
        onOk: () => {
          open = false;
          navigateTo(loginPath(redirect, readText(STORAGE_KEYS.site)));
        },
        onCancel: () => {
          open = false;
        },
      }),
    )
    .catch(() => {
      open = false;
    });
}

/** For tests: forget a dialog left open. */
export function resetLoginPrompt(): void {
  open = false;
}
