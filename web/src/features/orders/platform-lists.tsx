import { Button, Popconfirm, Table, Tag } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { usePlatformImportsQuery, usePlatformLinksQuery, useUnlinkSkuMutation, type PlatformImportSummary, type PlatformLink } from '../../api/platform-orders-api';
import { formatDate } from '../../lib/format-date';
import { useAppSelector } from '../../state/hooks';
import { selectToken } from '../../state/session-slice';
import { money, PLATFORM_PAGE_SIZE, specText, unlinkBody } from './platform-logic';

/** The caller's earlier imports, newest first (`.platform-import-row`, `data-import`); `.platform-import-open` reopens one. */
export function ImportsList({ current, onOpen }: { current: string; onOpen: (id: string) => void }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const token = useAppSelector(selectToken);
  const [page, setPage] = useState(1);
  const { data, isFetching } = usePlatformImportsQuery({ token, page, pagesize: PLATFORM_PAGE_SIZE }, { skip: !token });
  return (
    <Table<PlatformImportSummary>
      className="platform-imports"
      size="small"
      rowKey="id"
      loading={isFetching}
      dataSource={data?.list ?? []}
      pagination={{ current: page, pageSize: PLATFORM_PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      onRow={(row) => ({ className: `platform-import-row${row.id === current ? ' is-current' : ''}`, 'data-import': row.id }) as HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'created', title: text('platformOrders.imports.time'), render: (_, row) => formatDate(row.created_at) },
        { key: 'platform', title: text('order.platform'), dataIndex: 'platform_name' },
        { key: 'file', title: text('platformOrders.imports.file'), ellipsis: true, render: (_, row) => <span translate="no">{row.file_name}</span> },
        { key: 'orders', title: text('platformOrders.total.orders'), dataIndex: 'orders' },
        {
          key: 'open',
          render: (_, row) => (
            <Button size="small" type="link" className="platform-import-open" disabled={row.id === current} onClick={() => onOpen(row.id)}>
              {text('platformOrders.imports.open')}
            </Button>
          ),
        },
      ]}
    />
  );
}

/**
 * The caller's links (`.platform-link-row`, `data-scope`, `data-spec`), each with what it covers
 * (`.platform-link-scope-tag`: one spec, or the whole item with each spec by its own), the jpmall SKU
 * and `.platform-unlink` (which takes off that one link: its scope and spec).
 */
export function LinksList() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const token = useAppSelector(selectToken);
  const [page, setPage] = useState(1);
  const { data, isFetching } = usePlatformLinksQuery({ token, platform: '', page, pagesize: PLATFORM_PAGE_SIZE }, { skip: !token });
  const [unlink] = useUnlinkSkuMutation();
  return (
    <Table<PlatformLink>
      className="platform-links"
      size="small"
      rowKey={(row) => `${row.platform}|${row.item_key}|${row.sku_key}|${row.scope}|${row.spec}`}
      loading={isFetching}
      dataSource={data?.list ?? []}
      pagination={{ current: page, pageSize: PLATFORM_PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      onRow={(row) =>
        ({ className: `platform-link-row is-${row.scope}`, 'data-item': row.item_key, 'data-sku': row.sku.sku_id, 'data-scope': row.scope, 'data-spec': row.spec }) as HTMLAttributes<HTMLElement>
      }
      columns={[
        { key: 'platform', title: text('order.platform'), dataIndex: 'platform_name' },
        {
          key: 'item',
          title: text('platformOrders.links.item'),
          render: (_, row) => (
            <>
              <div className="platform-link-title" translate="no">
                {row.title}
              </div>
              <div className="platform-hint" translate="no">
                {row.item_key} · {row.variation}
              </div>
            </>
          ),
        },
        {
          key: 'scope',
          title: text('platformOrders.links.scope'),
          render: (_, row) =>
            row.scope === 'product' ? (
              <Tag color="purple" className="platform-link-scope-tag is-product">
                {text('platformOrders.links.scope.product')}
              </Tag>
            ) : (
              <Tag color="blue" className="platform-link-scope-tag is-sku">
                {intl.formatMessage({ id: 'platformOrders.links.scope.sku' }, { spec: <span translate="no">{specText(row.spec)}</span> })}
              </Tag>
            ),
        },
        {
          key: 'sku',
          title: text('platformOrders.links.sku'),
          // a whole-item link orders each spec's own SKU of the product: its item number and title
          render: (_, row) => (
            <span className="platform-link-sku">
              {row.sku.image ? <img src={row.sku.image} alt={row.sku.title} width={32} height={32} loading="lazy" /> : null} {row.sku.item_no}{' '}
              {row.scope === 'product' ? row.sku.title : `${row.sku.color} / ${row.sku.size} ${money(row.sku.price)}`}
            </span>
          ),
        },
        { key: 'updated', title: text('platformOrders.links.updated'), render: (_, row) => formatDate(row.updated_at) },
        {
          key: 'unlink',
          render: (_, row) => (
            <Popconfirm
              title={text('platformOrders.links.unlinkConfirm')}
              onConfirm={() => unlink(unlinkBody(row))}
              okButtonProps={{ className: 'platform-unlink-ok' }}
            >
              <Button size="small" type="link" danger className="platform-unlink">
                {text('platformOrders.links.unlink')}
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}
