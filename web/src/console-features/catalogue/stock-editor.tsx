import { Button, Drawer, Input, InputNumber, Space, Table } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { useChangeStockMutation, useProductQuery, useStockChangesQuery, type StaffProduct, type StaffSku, type StockChangeRow } from './catalogue-api';
import { formatDate } from '../../lib/format-date';
import { t } from '../../lib/i18n';
import { failureText } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { titleIn } from './names';

const LOG_PAGE_SIZE = 10;

interface Draft {
  delta: number | null;
  reason: string;
}

const EMPTY: Draft = { delta: null, reason: '' };

/**
 * A product's stock: each SKU's current stock and, with stock.write, a change by a delta (+ adds,
 * − takes away) with its reason, sent as `stock/change`; below, the log of changes (who, when,
 * before → after, why), newest first.
 */
export function StockEditor({ product, onClose }: { product: StaffProduct | null; onClose: () => void }) {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { can } = useStaffAccess();
  const id = product?.id ?? '';
  const detail = useProductQuery({ token, id }, { skip: !product });
  const [page, setPage] = useState(1);
  const log = useStockChangesQuery({ token, product_id: id, page, pagesize: LOG_PAGE_SIZE }, { skip: !product });
  const [change] = useChangeStockMutation();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const text = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const writable = can('stock.write');
  const draftOf = (sku: StaffSku) => drafts[sku.id] ?? EMPTY;
  const edit = (sku: StaffSku, patch: Partial<Draft>) => setDrafts((all) => ({ ...all, [sku.id]: { ...(all[sku.id] ?? EMPTY), ...patch } }));

  const close = () => {
    setDrafts({});
    setPage(1);
    onClose();
  };
  const apply = async (sku: StaffSku) => {
    const { delta, reason } = draftOf(sku);
    if (!delta) {
      void toast(text('console.stock.delta.required'), 'error');
      return;
    }
    if (!reason.trim()) {
      void toast(text('console.stock.reason.required'), 'error');
      return;
    }
    setBusy(sku.id);
    try {
      const done = await change({ sku_id: sku.id, delta, reason: reason.trim() }).unwrap();
      void toast(text('console.stock.changed', { sku: `${sku.color} / ${sku.size}`, before: done.before, after: done.after }), 'success');
      setDrafts((all) => ({ ...all, [sku.id]: EMPTY }));
      setPage(1);
    } catch (error) {
      void toast(failureText(error) ?? t('error.http.other'), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer
      open={product !== null}
      onClose={close}
      size="large"
      className="console-stock-drawer"
      title={product ? text('console.stock.title', { item: product.item_no, title: titleIn(language, product) }) : ''}
      destroyOnHidden
    >
      <Table<StaffSku>
        rowKey="id"
        className="console-stock-skus"
        loading={detail.isFetching}
        dataSource={detail.data?.skus ?? []}
        pagination={false}
        onRow={(sku) => ({ 'data-sku': sku.id, 'data-color': sku.color, 'data-size': sku.size }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'color', dataIndex: 'color', title: text('console.product.colour') },
          { key: 'size', dataIndex: 'size', title: text('console.product.size') },
          { key: 'price', title: text('console.product.price'), render: (_, sku) => `¥${sku.price}` },
          { key: 'stock', title: text('console.stock.current'), render: (_, sku) => <span className="console-stock-current">{sku.stock}</span> },
          ...(writable
            ? [
                {
                  key: 'change',
                  title: text('console.stock.change'),
                  render: (_: unknown, sku: StaffSku) => (
                    <Space.Compact>
                      <InputNumber
                        className="console-stock-delta"
                        precision={0}
                        placeholder={text('console.stock.delta')}
                        value={draftOf(sku).delta}
                        onChange={(value) => edit(sku, { delta: typeof value === 'number' ? value : null })}
                        style={{ width: 110 }}
                      />
                      <Input
                        className="console-stock-reason"
                        placeholder={text('console.stock.reason')}
                        maxLength={200}
                        value={draftOf(sku).reason}
                        onChange={(event) => edit(sku, { reason: event.target.value })}
                        style={{ width: 180 }}
                      />
                      <Button className="console-stock-apply" loading={busy === sku.id} onClick={() => void apply(sku)}>
                        {text('console.stock.apply')}
                      </Button>
                    </Space.Compact>
                  ),
                },
              ]
            : []),
        ]}
      />
      <h3 className="console-stock-log-title">{text('console.stock.log')}</h3>
      <Table<StockChangeRow>
        rowKey="id"
        size="small"
        className="console-stock-log"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        pagination={{ current: page, pageSize: LOG_PAGE_SIZE, total: log.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'at', title: text('console.audit.at'), render: (_, row) => formatDate(row.at) },
          {
            key: 'who',
            title: text('console.audit.actor'),
            render: (_, row) => `${text(`console.audit.actor.${row.actor_kind}`)} ${row.actor_name ?? row.actor_id ?? ''}`.trim(),
          },
          { key: 'sku', title: text('console.stock.sku'), render: (_, row) => `${row.color} / ${row.size}` },
          { key: 'change', title: text('console.stock.beforeAfter'), render: (_, row) => <span className="console-stock-log-change">{`${row.before} → ${row.after}`}</span> },
          { key: 'reason', dataIndex: 'reason', title: text('console.stock.reason') },
        ]}
      />
    </Drawer>
  );
}
