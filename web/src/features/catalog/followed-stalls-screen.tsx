import { Button, Empty } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useSitePath } from '../../widgets/site-path';
import { useFollowedStallsQuery, useFollowMutation } from './catalog-api';
import { useScope } from './catalog-scope';
import { DEFAULT_PAGE_SIZE } from './list-filters';
import { ListPagination } from './list-pagination';
import { LoginRequired } from '../../widgets/login-required';
import { StallCard, StallListSkeleton } from './stall-card';

/** `/wholesaleCollection`: followed stalls, newest first, with unfollow. */
export default function FollowedStallsScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const scope = useScope();
  const [page, setPage] = useState({ page: 1, pagesize: DEFAULT_PAGE_SIZE });
  const { data, isLoading, isFetching } = useFollowedStallsQuery({ scope, ...page }, { skip: !scope.token });
  const [follow] = useFollowMutation();

  if (!scope.token) return <LoginRequired />;
  const list = data?.list ?? [];
  if (data && list.length === 0 && page.page > 1 && !isFetching) setPage({ ...page, page: page.page - 1 });

  return (
    <div className="list-page collection-page followed-page">
      <header className="collection-header">
        <h1 className="page-title">{intl.formatMessage({ id: 'route.wholesaleCollection' })}</h1>
      </header>
      {isLoading ? (
        <StallListSkeleton />
      ) : list.length > 0 ? (
        <div className="stall-list">
          {list.map((stall) => (
            <StallCard
              key={stall.id}
              stall={stall}
              action={
                <Button size="small" danger className="unfollow-button" onClick={() => void follow({ id: stall.id, followed: false })}>
                  {intl.formatMessage({ id: 'stall.unfollow' })}
                </Button>
              }
            />
          ))}
        </div>
      ) : (
        <Empty className="list-empty" description={intl.formatMessage({ id: 'collection.follows.empty' })}>
          <Link to={to('/wholesaleList')}>
            <Button type="primary">{intl.formatMessage({ id: 'route.wholesaleList' })}</Button>
          </Link>
        </Empty>
      )}
      <ListPagination page={page.page} pagesize={page.pagesize} total={data?.total ?? 0} onChange={(next, pagesize) => setPage({ page: next, pagesize })} />
    </div>
  );
}
