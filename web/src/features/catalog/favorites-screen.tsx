import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ListInShopButton } from '../../widgets/list-in-shop';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { useFavoriteMutation, useFavoritesQuery } from './catalog-api';
import { useScope } from './catalog-scope';
import { DEFAULT_PAGE_SIZE } from './list-filters';
import { ListPagination } from './list-pagination';
import { LoginRequired } from '../../widgets/login-required';
import { ProductGrid, ProductGridSkeleton, ProductTile } from './product-tile';
import { useImagesDownload } from './use-images-download';

/** `/productCollection`: favourite products, newest first; remove, download the pictures of several at once or list them in one of the seller's shops. */
export default function FavoritesScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const scope = useScope();
  const [page, setPage] = useState({ page: 1, pagesize: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<string[]>([]);
  const { data, isLoading, isFetching } = useFavoritesQuery({ scope, ...page }, { skip: !scope.token });
  const [favorite] = useFavoriteMutation();
  const { download, busy } = useImagesDownload();

  if (!scope.token) return <LoginRequired />;
  const list = data?.list ?? [];
  // the last product of a page removed: show the page before
  if (data && list.length === 0 && page.page > 1 && !isFetching) setPage({ ...page, page: page.page - 1 });
  const chosen = list.filter((p) => selected.includes(p.id));

  return (
    <div className="list-page collection-page favorites-page">
      <header className="collection-header">
        <h1 className="page-title">{intl.formatMessage({ id: 'route.productCollection' })}</h1>
        {list.length > 0 ? (
          <span className="collection-tools">
            <Checkbox
              className="select-all"
              checked={chosen.length === list.length}
              indeterminate={chosen.length > 0 && chosen.length < list.length}
              onChange={(e) => setSelected(e.target.checked ? list.map((p) => p.id) : [])}
            >
              {intl.formatMessage({ id: 'common.selectAll' })}
            </Checkbox>
            <Button
              className="download-selected"
              icon={<DownloadOutlined />}
              disabled={chosen.length === 0}
              loading={busy}
              onClick={() => void download(chosen.map((p) => p.id), chosen.map((p) => p.title))}
            >
              {intl.formatMessage({ id: 'collection.downloadSelected' }, { count: chosen.length })}
            </Button>
            <ListInShopButton selection products={chosen.map((p) => ({ id: p.id, title: p.title }))} />
          </span>
        ) : null}
      </header>
      {isLoading ? (
        <ProductGridSkeleton />
      ) : list.length > 0 ? (
        <ProductGrid
          products={list}
          render={(p) => (
            <ProductTile
              key={p.id}
              product={p}
              extra={
                <>
                  <Checkbox
                    className="favorite-select"
                    checked={selected.includes(p.id)}
                    onChange={(e) => setSelected((s) => (e.target.checked ? [...s, p.id] : s.filter((id) => id !== p.id)))}
                    aria-label={p.title}
                  />
                  <span className="collection-date">{formatDate(list.find((f) => f.id === p.id)?.favorited_at, 'YYYY-MM-DD')}</span>
                  <Button
                    size="small"
                    type="text"
                    danger
                    className="favorite-remove"
                    icon={<DeleteOutlined />}
                    onClick={() => {
                      setSelected((s) => s.filter((id) => id !== p.id));
                      void favorite({ id: p.id, favorited: false });
                    }}
                  >
                    {intl.formatMessage({ id: 'collection.remove' })}
                  </Button>
                </>
              }
            />
          )}
        />
      ) : (
        <Empty className="list-empty" description={intl.formatMessage({ id: 'collection.favorites.empty' })}>
          <Link to={to('/')}>
            <Button type="primary">{intl.formatMessage({ id: 'collection.browse' })}</Button>
          </Link>
        </Empty>
      )}
      <ListPagination
        page={page.page}
        pagesize={page.pagesize}
        total={data?.total ?? 0}
        onChange={(next, pagesize) => {
          setSelected([]);
          setPage({ page: next, pagesize });
        }}
      />
    </div>
  );
}
