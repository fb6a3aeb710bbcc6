import { TrophyFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Stall } from '../../lib/api-types';
import { useSitePath } from '../../widgets/site-path';
import { FollowButton } from './follow-button';
import { stallHref } from './product-tile';

/** A stall in a list: ranking, logo, name, location, category, figures and the follow button. */
export function StallCard({ stall, action }: { stall: Stall; action?: ReactNode }) {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <article className="stall-card" data-stall-id={stall.id}>
      <span className={`stall-rank${stall.ranking > 0 && stall.ranking <= 3 ? ` stall-rank-${stall.ranking}` : ''}`} title={intl.formatMessage({ id: 'stall.ranking' })}>
        {stall.ranking > 0 && stall.ranking <= 3 ? <TrophyFilled /> : null}
        {stall.ranking > 0 ? intl.formatMessage({ id: 'stall.rank' }, { ranking: stall.ranking }) : '-'}
      </span>
      <Link to={to(stallHref(stall.id))} className="stall-card-logo">
        {stall.logo ? <img src={stall.logo} alt="" loading="lazy" decoding="async" width={56} height={56} /> : <span translate="no">{stall.name.slice(0, 1)}</span>}
      </Link>
      <div className="stall-card-body">
        <Link to={to(stallHref(stall.id))} className="stall-card-name" translate="no">
          {stall.name}
        </Link>
        <div className="stall-card-meta">
          {intl.formatMessage({ id: 'stall.location' }, { market: stall.market.name, floor: stall.floor, number: stall.number })}
          {stall.category?.name ? ` · ${stall.category.name}` : ''}
        </div>
        <div className="stall-card-meta">
          <span className="stall-follow-count">{intl.formatMessage({ id: 'stall.followCount' }, { count: stall.follow_count })}</span>
          {' · '}
          {intl.formatMessage({ id: 'stall.productCount' }, { count: stall.product_count })}
        </div>
      </div>
      <div className="stall-card-action">{action ?? <FollowButton stall={stall} size="small" />}</div>
    </article>
  );
}

export function StallListSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="stall-list" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="stall-card stall-card-skeleton">
          <span className="skeleton-block skeleton-avatar" />
          <span className="skeleton-block skeleton-line" />
        </div>
      ))}
    </div>
  );
}
