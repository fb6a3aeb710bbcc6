import { useCallback } from 'react';
import { withSite } from '../lib/site-rule';
import { useAppSelector } from '../state/hooks';
import { selectSite } from '../state/session-slice';

/** Internal links carry the current site (spec section 2): `to('/goodsDetail?id=1')`. */
export function useSitePath(): (path: string) => string {
  const site = useAppSelector(selectSite);
  return useCallback((path: string) => withSite(path, site), [site]);
}
