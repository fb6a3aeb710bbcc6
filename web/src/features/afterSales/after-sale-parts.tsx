import { Tag } from 'antd';
import { useIntl } from 'react-intl';
import type { AfterSaleBreakdown, AfterSaleLine } from '../../lib/api-types';
import { afterSaleKindKey, afterSaleStatusColor, afterSaleStatusKey } from '../../lib/after-sale';
import { breakdownRows } from './after-sale-logic';
import './after-sales.css';

/** Yuan with the currency sign: '¥49.90'. */
export function Yuan({ value, className }: { value: string; className?: string }) {
  const intl = useIntl();
  return <span className={className}>{intl.formatMessage({ id: 'catalog.price' }, { price: value })}</span>;
}

/** A colour and size on one line: '黑色 / M'. */
const specOf = (item: { color: string; size: string }): string => [item.color, item.size].filter((p) => p.trim() !== '').join(' / ');

/** An order's screen (the orders feature's route). */
export const orderDetailPath = (orderNo: string) => `/orderDetail?order_no=${encodeURIComponent(orderNo)}`;

export function SaleStatusTag({ status }: { status: string }) {
  const intl = useIntl();
  return (
    <Tag className={`sale-status sale-status-${status}`} color={afterSaleStatusColor(status)}>
      {intl.formatMessage({ id: afterSaleStatusKey(status) })}
    </Tag>
  );
}

/** A kind's name (its code for one this build does not know). */
export function useKindName(): (kind: string) => string {
  const intl = useIntl();
  return (kind) => {
    const key = afterSaleKindKey(kind);
    return key ? intl.formatMessage({ id: key }) : kind;
  };
}

/** The claimed items: picture, title, item number, colour / size, price × quantity. */
export function SaleLines({ lines }: { lines: readonly AfterSaleLine[] }) {
  const intl = useIntl();
  return (
    <ul className="sale-lines">
      {lines.map((line) => (
        <li key={line.sku_id} className="sale-line" data-sku={line.sku_id}>
          <img src={line.image} alt={line.title} width={64} height={64} loading="lazy" decoding="async" />
          <span className="sale-line-text">
            <span className="sale-line-title">{line.title}</span>
            <span className="sale-line-meta">
              {intl.formatMessage({ id: 'cart.itemNo' }, { itemNo: line.item_no })} · <span className="sale-line-spec">{specOf(line)}</span>
            </span>
          </span>
          <span className="sale-line-price">
            <Yuan value={line.price} /> × <span className="sale-line-quantity">{line.quantity}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The refund: goods, the fees back (service, QC, value-added, shipping), the deductions
 * (wrong-item insurance, wrong-station handling) and the total, titled as an estimate until the
 * refund is credited.
 */
export function SaleBreakdown({ breakdown, refunded }: { breakdown: AfterSaleBreakdown; refunded: boolean }) {
  const intl = useIntl();
  return (
    <dl className="sale-breakdown">
      {breakdownRows(breakdown).map((row) => (
        <div key={row.field} className={`sale-breakdown-row sale-breakdown-${row.field}${row.part ? ' is-part' : ''}`}>
          <dt>{intl.formatMessage({ id: row.key })}</dt>
          <dd>
            {row.minus ? '-' : ''}
            <Yuan value={row.amount} />
          </dd>
        </div>
      ))}
      <div className="sale-breakdown-row sale-breakdown-total">
        <dt>{intl.formatMessage({ id: refunded ? 'afterSale.breakdown.totalRefunded' : 'afterSale.breakdown.totalEstimate' })}</dt>
        <dd>
          <Yuan value={breakdown.total} className="sale-total" />
        </dd>
      </div>
    </dl>
  );
}
