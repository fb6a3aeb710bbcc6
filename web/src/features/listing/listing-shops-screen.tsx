import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Modal, Result, Skeleton, Table, Tag } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ListingShop } from '../../lib/api-types';
import { formatDate } from '../../lib/format-date';
import { isForeignPlatform, packagesReady, platformKey, ruleSummary } from '../../lib/listing';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../state/hooks';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { ShopFormDialog } from '../../widgets/listing-shop-form';
import { LoginRequired } from '../../widgets/login-required';
import { useSitePath } from '../../widgets/site-path';
import { useDeleteListingShopMutation, useListingShopsQuery } from './listing-api';
import { myListingsPath } from './listing-logic';
import { ShopTemplate } from './listing-shop-template';
import './listing.css';

/**
 * `/listingShops` (My shops, order module beside the drop-shipping settings): the seller's shops on
 * other platforms (`.listing-shop-row`, `data-shop`): platform (with the shop's currency on Shopee,
 * Lazada and TikTok Shop, and 'package coming soon' when the server cannot build its packages yet),
 * name, the pricing rule in words, the template those platforms' packages fill
 * (`.listing-shop-template`: listing-shop-template.tsx; a dash for the others), the title prefix
 * and suffix, when it was last changed; add (`.listing-shop-add`) and edit (`.listing-shop-edit`) in
 * the shop form (widgets/listing-shop-form.tsx), its listings (`.listing-shop-listings`), and
 * delete after confirming (`.listing-shop-delete`; what was listed for it stays in My listings).
 * Needs a session.
 */
export default function ListingShopsScreen() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const to = useSitePath();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const { data, isLoading, isError, refetch } = useListingShopsQuery({ token, language }, { skip: !token, refetchOnMountOrArgChange: true });
  const [remove] = useDeleteListingShopMutation();
  const [form, setForm] = useState<{ open: boolean; shop: ListingShop | null }>({ open: false, shop: null });
  const [modal, modalHolder] = Modal.useModal();

  if (!token) return <LoginRequired />;

  const platformName = (code: string) => {
    const key = platformKey(code);
    return key ? text(key) : code;
  };
  const confirmDelete = (shop: ListingShop) => {
    void modal.confirm({
      title: text('listing.shop.delete.confirm', { name: shop.name }),
      content: text('listing.shop.delete.hint'),
      className: 'listing-shop-delete-confirm',
      okText: text('listing.shop.delete'),
      okButtonProps: { danger: true, className: 'listing-shop-delete-ok' },
      cancelText: text('common.cancel'),
      onOk: () =>
        remove({ id: shop.id })
          .unwrap()
          .then(() => toast(text('listing.shop.deleted'), 'success'))
          .catch(() => undefined), // the base query has shown why
    });
  };

  return (
    <div className="listing-page">
      <header className="listing-head">
        <div>
          <h1 className="page-title">{text('route.listingShops')}</h1>
          <p className="page-hint">{text('listing.shops.intro')}</p>
        </div>
        <Button type="primary" className="listing-shop-add" icon={<PlusOutlined />} disabled={!data} onClick={() => setForm({ open: true, shop: null })}>
          {text('listing.shop.add')}
        </Button>
      </header>
      <Card>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : isError && !data ? (
          <Result
            className="listing-shops-error"
            status="warning"
            title={text('listing.shops.loadFailed')}
            extra={<Button onClick={() => void refetch()}>{text('listing.retry')}</Button>}
          />
        ) : (
          <Table<ListingShop>
            className="listing-shops-table"
            rowKey="id"
            pagination={false}
            scroll={{ x: 1120 }}
            dataSource={data?.list ?? []}
            locale={{ emptyText: <Empty className="listing-shops-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('listing.shops.empty')} /> }}
            onRow={(shop) => ({ className: 'listing-shop-row', 'data-shop': shop.id, 'data-platform': shop.platform }) as HTMLAttributes<HTMLElement>}
            columns={[
              {
                key: 'platform',
                title: text('listing.shop.platform'),
                className: 'listing-shop-platform',
                render: (_, shop) => (
                  <>
                    {platformName(shop.platform)}
                    {isForeignPlatform(shop.platform) && shop.currency ? <span className="listing-shop-currency-code"> · {shop.currency}</span> : null}
                    {data && !packagesReady(data.platforms, shop.platform) ? (
                      <Tag className="listing-shop-coming" variant="filled">
                        {text('listing.package.comingShort')}
                      </Tag>
                    ) : null}
                  </>
                ),
              },
              {
                key: 'name',
                title: text('listing.shop.name'),
                className: 'listing-shop-name',
                render: (_, shop) => <span translate="no">{shop.name}</span>,
              },
              { key: 'rule', title: text('listing.shops.rule'), className: 'listing-shop-rule', render: (_, shop) => ruleSummary(shop.rule, text) },
              {
                key: 'template',
                title: text('listing.shops.template'),
                className: 'listing-shop-template',
                render: (_, shop) =>
                  isForeignPlatform(shop.platform) ? (
                    <ShopTemplate shop={shop} platformName={platformName(shop.platform)} confirm={modal.confirm} />
                  ) : (
                    <span className="listing-hint">—</span>
                  ),
              },
              {
                key: 'title',
                title: text('listing.shops.title'),
                className: 'listing-shop-title',
                render: (_, { rule }) =>
                  rule.title_prefix || rule.title_suffix ? (
                    <>
                      <span translate="no">{rule.title_prefix}</span>
                      <span className="listing-hint">{text('listing.shops.titlePlaceholder')}</span>
                      <span translate="no">{rule.title_suffix}</span>
                    </>
                  ) : (
                    <span className="listing-hint">{text('listing.shops.titleAsIs')}</span>
                  ),
              },
              { key: 'updated', title: text('listing.shops.updatedAt'), className: 'listing-shop-updated', render: (_, shop) => formatDate(shop.updated_at) },
              {
                key: 'actions',
                title: text('listing.shops.actions'),
                render: (_, shop) => (
                  <span className="listing-shop-actions">
                    <Button size="small" type="link" className="listing-shop-edit" onClick={() => setForm({ open: true, shop })}>
                      {text('listing.shop.edit')}
                    </Button>
                    <Link to={to(myListingsPath({ shop: shop.id, filter: 'all', page: 1, pagesize: 10 }))} className="listing-shop-listings">
                      {text('listing.shops.listings')}
                    </Link>
                    <Button size="small" type="link" danger className="listing-shop-delete" onClick={() => confirmDelete(shop)}>
                      {text('listing.shop.delete')}
                    </Button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Card>
      {form.open ? <ShopFormDialog open shop={form.shop} platforms={data?.platforms} onClose={() => setForm({ open: false, shop: null })} /> : null}
      {modalHolder}
    </div>
  );
}
