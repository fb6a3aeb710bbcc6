/**
 * Encrypts one sensitive field with the site's RSA public key (SPKI PEM), PKCS#1 v1.5, and
 * returns the base64 text; '' when there is no key or encryption fails. The RSA code is loaded
 * on first use, keeping it out of the first screen.
 */
export async function rsaEncrypt(plain: string, publicKeyPem: string | null | undefined): Promise<string> {
  if (!publicKeyPem) return '';
  try {
    const { JSEncrypt } = await import('jsencrypt');
    const encryptor = new JSEncrypt();
    encryptor.setPublicKey(publicKeyPem);
    const result = encryptor.encrypt(plain);
    return typeof result === 'string' ? result : '';
  } catch {
    return '';
  }
}

/** Encrypts several fields; resolves to null when any of them fails. */
export async function rsaEncryptAll(
  plains: readonly string[],
  publicKeyPem: string | null | undefined,
): Promise<string[] | null> {
  const results = await Promise.all(plains.map((p) => rsaEncrypt(p, publicKeyPem)));
  return results.every((r) => r !== '') ? results : null;
}
