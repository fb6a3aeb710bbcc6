import { WalletOutlined } from '@ant-design/icons';
import { Button, Empty, Statistic, Table, Tag } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAttachLabelMutation, type PlatformLine, type PlatformOrder, type PlatformPreview } from '../../api/platform-orders-api';
import { toast } from '../../lib/toast';
import { useSitePath } from '../../widgets/site-path';
import { LabelUpload } from './label-upload';
import type { PayBatchRequest } from './order-api';
import { orderDetailPath } from './order-parts';
import { PayBatchModal } from './pay-batch-modal';
import { linkedByKey, money, platformMoney, showsYuanBeside, specText, STATE_COLOURS, stateKey, takesLabel, type LinkTarget } from './platform-logic';

type Text = (id: string, values?: Record<string, string | number>) => string;

/**
 * The preview's totals (`.platform-totals`, one `.platform-total-<name>` each with `data-value`); the
 * orders count every order of the file, the skipped ones said beside it (`.platform-total-orders-skipped`).
 */
function Totals({ preview, text, locale }: { preview: PlatformPreview; text: Text; locale: string }) {
  const t = preview.totals;
  const counts = [
    ['orders', t.orders],
    ['ready', t.ready],
    ['ordered', t.ordered],
    ['blocked', t.blocked],
    ['skipped', t.skipped],
    ['unlinked', t.unlinked],
  ] as const;
  // The platform's amounts in the file's currency; jpmall's and the margin in yuan (the margin only
  // at the seller's rate, never subtracted across currencies).
  const amounts = [
    ['platformAmount', t.platform_amount, platformMoney(t.platform_amount, preview.currency, locale)],
    ['jpmallAmount', t.jpmall_amount, money(t.jpmall_amount)],
    ['margin', t.margin, money(t.margin)],
  ] as const;
  return (
    <div className="platform-totals">
      {counts.map(([name, value]) => (
        <Statistic
          key={name}
          className={`platform-total platform-total-${name}`}
          data-value={value}
          title={text(`platformOrders.total.${name}`)}
          value={value}
          suffix={
            name === 'orders' && t.skipped > 0 ? <span className="platform-total-orders-skipped">{text('platformOrders.total.ordersSkipped', { count: t.skipped })}</span> : undefined
          }
        />
      ))}
      {amounts.map(([name, value, shown]) => (
        <Statistic key={name} className={`platform-total platform-total-${name}`} data-value={value ?? ''} title={text(`platformOrders.total.${name}`)} value={shown} />
      ))}
      {preview.margin_hint ? (
        <div className="platform-margin-hint" data-key={preview.margin_hint_key}>
          {preview.margin_hint}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A line: platform title, variation, quantity and price, the linked jpmall SKU (or 'not linked'),
 * how it was found when not by this spec's own link (`.platform-line-linked-by`, `data-by`) and its margin.
 */
function LineView({ line, text, locale, onLink }: { line: PlatformLine; text: Text; locale: string; onLink: (target: LinkTarget) => void }) {
  const sku = line.sku;
  const foundBy = sku ? linkedByKey(line.linked_by) : null;
  return (
    <li className={`platform-line${sku ? ' is-linked' : ' is-unlinked'}`} data-row={line.row} data-spec={line.spec}>
      <div className="platform-line-platform">
        <span className="platform-line-title" translate="no">
          {line.title}
        </span>{' '}
        <span className="platform-line-variation" translate="no">
          {line.variation}
        </span>{' '}
        <span className="platform-line-quantity">× {line.quantity}</span> <span className="platform-line-price">{platformMoney(line.platform_price, line.currency, locale)}</span>
        {showsYuanBeside(line.currency, line.platform_price_cny) ? <span className="platform-line-price-cny"> ≈ {money(line.platform_price_cny)}</span> : null}
      </div>
      <div className="platform-line-sku">
        {sku ? (
          <>
            {sku.image ? <img src={sku.image} alt={sku.title} width={32} height={32} loading="lazy" /> : null}
            <span className="platform-line-item-no">{sku.item_no}</span> <span className="platform-line-spec">{`${sku.color} / ${sku.size}`}</span>{' '}
            <span className="platform-line-jpmall-price">{money(sku.price)}</span>{' '}
            {foundBy ? (
              <Tag color="blue" className="platform-line-linked-by" data-by={line.linked_by}>
                {text(foundBy)}
              </Tag>
            ) : null}
            <span className="platform-line-margin">{text('platformOrders.line.margin', { amount: money(line.margin) })}</span>
          </>
        ) : (
          <Tag color="warning" className="platform-line-unlinked">
            {text('platformOrders.line.unlinked')}
          </Tag>
        )}
        <Button size="small" type="link" className={sku ? 'platform-line-relink' : 'platform-line-link'} onClick={() => onLink(line)}>
          {text(sku ? 'platformOrders.link.relink' : 'platformOrders.link.link')}
        </Button>
      </div>
    </li>
  );
}

/** Attaches (or replaces, or takes off) the label a blocked order ships on. */
function OrderLabel({ importId, order, text }: { importId: string; order: PlatformOrder; text: Text }) {
  const [attach, { isLoading }] = useAttachLabelMutation();
  const save = async (url: string) => {
    try {
      await attach({ id: importId, source_order_no: order.source_order_no, label_file: url }).unwrap();
      void toast(text(url ? 'platformOrders.label.attached' : 'platformOrders.label.removed'), 'success');
    } catch {
      // the base query toasted the refusal
    }
  };
  return (
    <div className="platform-order-label">
      <LabelUpload value={order.label_url || null} onChange={(url) => void save(url)} />
      {order.label_url ? (
        <Button size="small" type="link" danger className="platform-label-remove" loading={isLoading} onClick={() => void save('')}>
          {text('platformOrders.label.remove')}
        </Button>
      ) : null}
    </div>
  );
}

function Recipient({ order, text }: { order: PlatformOrder; text: Text }) {
  if (order.hidden.length > 0 && !order.recipient && !order.address) {
    return <span className="platform-order-hidden">{text('platformOrders.recipient.hidden')}</span>;
  }
  // what the platform wrote is the buyer's own; 'hidden by the platform' is ours
  const part = (field: 'recipient' | 'phone' | 'address', value: string) =>
    order.hidden.includes(field) ? <span className="platform-order-hidden">{text('platformOrders.recipient.hidden')}</span> : <span translate="no">{value}</span>;
  return (
    <span className="platform-order-recipient">
      {part('recipient', order.recipient)} {part('phone', order.phone)}
      <br />
      {part('address', order.address)}
    </span>
  );
}

/**
 * An import's preview: its totals and one `.platform-order` row per platform order (`data-source`,
 * `data-state`): source order number, state tag, recipient (or 'hidden by the platform'), lines,
 * amounts, the reason a blocked one waits and, where a label settles it, the label upload. Once
 * some of its orders are placed, `.platform-pay-all` pays every one of the import still awaiting
 * payment in one confirmation (the batch payment dialog).
 */
export function PreviewView({ preview, onLink }: { preview: PlatformPreview; onLink: (target: LinkTarget) => void }) {
  const intl = useIntl();
  const to = useSitePath();
  const text: Text = (id, values) => intl.formatMessage({ id }, values);
  const [paying, setPaying] = useState<PayBatchRequest | null>(null);
  return (
    <section className="platform-preview" data-import={preview.id}>
      <header className="platform-preview-head">
        <Tag className="platform-preview-platform">{preview.platform_name}</Tag>
        <span className="platform-preview-file" translate="no">
          {preview.file_name}
        </span>
        {preview.totals.ordered > 0 ? (
          <Button type="primary" icon={<WalletOutlined />} className="platform-pay-all" onClick={() => setPaying({ all: true, import_id: preview.id })}>
            {text('platformOrders.payAll')}
          </Button>
        ) : null}
      </header>
      <PayBatchModal request={paying} onClose={() => setPaying(null)} />
      <Totals preview={preview} text={text} locale={intl.locale} />
      <Table<PlatformOrder>
        className="platform-orders-table"
        size="small"
        rowKey="source_order_no"
        pagination={false}
        dataSource={preview.orders}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('platformOrders.preview.empty')} /> }}
        onRow={(order) => ({ className: `platform-order is-${order.state}`, 'data-source': order.source_order_no, 'data-state': order.state }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'source',
            title: text('order.sourceOrderNo'),
            className: 'platform-order-source',
            render: (_, order) => (
              <>
                <div className="platform-order-no">{order.source_order_no}</div>
                {order.order_no ? (
                  <Link to={to(orderDetailPath(order.order_no))} className="platform-order-jpmall">
                    {order.order_no}
                  </Link>
                ) : null}
              </>
            ),
          },
          {
            key: 'state',
            title: text('platformOrders.column.state'),
            render: (_, order) => (
              <>
                <Tag color={STATE_COLOURS[order.state]} className="platform-order-state">
                  {text(stateKey(order.state))}
                </Tag>
                {order.reason ? <div className="platform-order-reason">{order.reason}</div> : null}
              </>
            ),
          },
          { key: 'recipient', title: text('platformOrders.column.recipient'), render: (_, order) => <Recipient order={order} text={text} /> },
          {
            key: 'lines',
            title: text('platformOrders.column.lines'),
            render: (_, order) => (
              <ul className="platform-lines">
                {order.lines.map((line) => (
                  <LineView key={`${line.row}-${line.line_id}`} line={line} text={text} locale={intl.locale} onLink={onLink} />
                ))}
              </ul>
            ),
          },
          {
            key: 'amounts',
            title: text('platformOrders.column.amounts'),
            render: (_, order) => (
              <div className="platform-order-amounts">
                <div>
                  {text('platformOrders.amount.platform', { amount: platformMoney(order.platform_amount, order.currency, intl.locale) })}
                  {showsYuanBeside(order.currency, order.platform_amount_cny) ? <span className="platform-order-amount-cny"> ≈ {money(order.platform_amount_cny)}</span> : null}
                </div>
                <div>{text('platformOrders.amount.jpmall', { amount: money(order.jpmall_amount) })}</div>
                <div className="platform-order-margin">{text('platformOrders.amount.margin', { amount: money(order.margin) })}</div>
              </div>
            ),
          },
          {
            key: 'label',
            title: text('order.labelFile'),
            render: (_, order) => (takesLabel(order) ? <OrderLabel importId={preview.id} order={order} text={text} /> : null),
          },
        ]}
      />
      <section className="platform-unlinked">
        <h3>{text('platformOrders.unlinked.title', { count: preview.unlinked.length })}</h3>
        {preview.unlinked.length === 0 ? (
          <p className="platform-unlinked-none">{text('platformOrders.unlinked.none')}</p>
        ) : (
          <ul className="platform-unlinked-list">
            {preview.unlinked.map((item) => (
              <li key={`${item.item_key}|${item.sku_key}|${item.spec}`} className="platform-unlinked-item" data-item={item.item_key} data-variation={item.variation} data-spec={item.spec}>
                <span className="platform-unlinked-title" translate="no">
                  {item.title}
                </span>{' '}
                <span className="platform-unlinked-variation" translate="no">
                  {item.variation}
                </span>{' '}
                <span className="platform-unlinked-key">{item.item_key}</span>{' '}
                <Tag className="platform-unlinked-spec" translate="no">
                  {specText(item.spec)}
                </Tag>
                <span className="platform-unlinked-quantity">{text('platformOrders.unlinked.quantity', { count: item.quantity, rows: item.rows.join(', ') })}</span>
                <Button size="small" type="primary" className="platform-unlinked-link" onClick={() => onLink(item)}>
                  {text('platformOrders.link.link')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
