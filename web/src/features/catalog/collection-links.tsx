import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch } from '../../state/hooks';
import { wholesaleListLoaded } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { badgeText } from '../../lib/badge';
import { useFavoritesQuery, useFollowedStallsQuery } from './catalog-api';
import { useScope } from './catalog-scope';

/** Followed stalls loaded with the session: the shared wholesale list (spec section 3) and its count. */
const WHOLESALE_LIST_SIZE = 100;

function CountLink({ to, label, count, className }: { to: string; label: string; count: number | undefined; className: string }) {
  const text = badgeText(count);
  return (
    <Link to={to} className={`header-collection ${className}`}>
      {label}
      {text ? <sup className="count-badge">{text}</sup> : null}
    </Link>
  );
}

/** Header links to favourite products and followed stalls with their counts (99+ past 99). */
export function CollectionLinks() {
  const intl = useIntl();
  const to = useSitePath();
  const dispatch = useAppDispatch();
  const scope = useScope();
  const favorites = useFavoritesQuery({ scope, page: 1, pagesize: 1 });
  const follows = useFollowedStallsQuery({ scope, page: 1, pagesize: WHOLESALE_LIST_SIZE });
  const followed = follows.data?.list;

  useEffect(() => {
    if (followed) dispatch(wholesaleListLoaded(followed));
  }, [followed, dispatch]);

  return (
    <>
      <CountLink
        to={to('/productCollection')}
        className="header-favorites"
        label={intl.formatMessage({ id: 'header.favorites' })}
        count={favorites.data?.total}
      />
      <CountLink
        to={to('/wholesaleCollection')}
        className="header-follows"
        label={intl.formatMessage({ id: 'route.wholesaleCollection' })}
        count={follows.data?.total}
      />
    </>
  );
}
