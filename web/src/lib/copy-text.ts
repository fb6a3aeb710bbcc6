import { t } from './i18n';
import { toast } from './toast';

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  document.body.removeChild(area);
  return ok;
}

/**
 * Copies text to the clipboard: 'copy succeeded!' on success, a 'no content' warning for empty
 * text. Resolves to whether the text was copied.
 */
export async function copyText(text: string | null | undefined): Promise<boolean> {
  const value = text ?? '';
  if (value === '') {
    void toast(t('copy.empty'), 'warning');
    return false;
  }
  let ok = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(value);
      ok = true;
    }
  } catch {
    ok = false;
  }
  if (!ok) ok = legacyCopy(value);
  void toast(t(ok ? 'copy.success' : 'copy.failed'), ok ? 'success' : 'error');
  return ok;
}
