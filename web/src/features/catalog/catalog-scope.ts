import { useMemo } from 'react';
import { useAppSelector } from '../../state/hooks';
import { selectSession } from '../../state/session-slice';
import type { Language } from '../../lib/languages';

/**
 * What a catalogue answer depends on besides its own arguments: titles and names follow the
 * language, products and stalls the area site, favourite and follow states the session. Query
 * arguments carry it, so a change of any of them asks again.
 */
export interface Scope {
  language: Language;
  areaSite: string;
  token: string;
}

export function useScope(): Scope {
  const { language, areaSite, token } = useAppSelector(selectSession);
  return useMemo(() => ({ language, areaSite, token }), [language, areaSite, token]);
}

/** The scope without the session, for answers that are the same for everyone. */
export function publicScope({ language, areaSite }: Scope): Scope {
  return { language, areaSite, token: '' };
}
