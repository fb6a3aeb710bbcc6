/**
 * `text` split at each of `quoted` (longest first): the pieces in between and the quoted ones, in
 * order. A quoted text that does not occur is left out; an empty one is ignored.
 */
export function splitQuoted(text: string, quoted: readonly string[] | undefined): { text: string; quoted: boolean }[] {
  const wanted = [...new Set((quoted ?? []).filter((q) => q !== ''))].sort((a, b) => b.length - a.length);
  const pieces: { text: string; quoted: boolean }[] = [];
  let rest = text;
  while (rest !== '') {
    let at = -1;
    let found = '';
    for (const q of wanted) {
      const i = rest.indexOf(q);
      if (i !== -1 && (at === -1 || i < at)) {
        at = i;
        found = q;
      }
    }
    if (at === -1) {
      pieces.push({ text: rest, quoted: false });
      break;
    }
    if (at > 0) pieces.push({ text: rest.slice(0, at), quoted: false });
    pieces.push({ text: found, quoted: true });
    rest = rest.slice(at + found.length);
  }
  return pieces;
}

/** What a refusal's `data` names as quoted in its own words (`{"quoted": [...]}`), if anything. */
export function quotedOf(data: unknown): string[] | undefined {
  const quoted = (data as { quoted?: unknown } | null | undefined)?.quoted;
  return Array.isArray(quoted) ? quoted.filter((q): q is string => typeof q === 'string') : undefined;
}
