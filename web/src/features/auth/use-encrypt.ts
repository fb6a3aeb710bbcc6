import { useSiteInfo } from '../../api/site-api';
import { useAppSelector } from '../../state/hooks';
import { selectSession } from '../../state/session-slice';
import { rsaEncryptAll } from '../../lib/rsa';

/**
 * Encrypts password fields with the current site's public key; resolves to null when it cannot
 * (no key yet, or encryption failed).
 */
export function useEncrypt(): (...plains: string[]) => Promise<string[] | null> {
  const { site, language } = useAppSelector(selectSession);
  const { data } = useSiteInfo({ site, language });
  const key = data?.rsa_public_key;
  return (...plains: string[]) => rsaEncryptAll(plains, key);
}
