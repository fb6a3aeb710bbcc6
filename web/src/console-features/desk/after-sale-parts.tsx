import { Image, Tag, Timeline } from 'antd';
import { useIntl, type IntlShape } from 'react-intl';
import { afterSaleKindKey, afterSaleStatusColor, afterSaleStatusKey } from '../../lib/after-sale';
import type { AfterSaleBreakdown, AfterSaleLine, AfterSaleTimelineEntry } from '../../lib/api-types';
import { formatDate } from '../../lib/format-date';
import { courierKey } from '../../lib/shipping';
import { breakdownRows } from '../../lib/after-sale';
import { yuan } from './desk-parts';

/** An after-sale's status as a coloured tag. */
export function SaleStatus({ status }: { status: string }) {
  const intl = useIntl();
  return (
    <Tag className="console-desk-sale-status" data-status={status} color={afterSaleStatusColor(status)}>
      {intl.formatMessage({ id: afterSaleStatusKey(status) })}
    </Tag>
  );
}

/** A kind's name (its code for one this build does not know). */
export const kindName = (intl: IntlShape, kind: string) => {
  const key = afterSaleKindKey(kind);
  return key ? intl.formatMessage({ id: key }) : kind;
};

/** A courier's name (its code for one this build does not know). */
export const courierName = (intl: IntlShape, code: string) => {
  const key = courierKey(code);
  return key ? intl.formatMessage({ id: key }) : code;
};

/** The claimed items: picture, title, item number, colour / size, price × quantity. */
export function SaleLines({ lines }: { lines: readonly AfterSaleLine[] }) {
  const intl = useIntl();
  return (
    <ul className="console-desk-sale-lines">
      {lines.map((line) => (
        <li key={line.sku_id} className="console-desk-sale-line" data-sku={line.sku_id}>
          {line.image ? <img src={line.image} alt={line.title} width={48} height={48} loading="lazy" decoding="async" /> : null}
          <span className="console-desk-sale-line-text">
            <span>{line.title}</span>
            <span className="console-hint">
              {intl.formatMessage({ id: 'cart.itemNo' }, { itemNo: line.item_no })} · {[line.color, line.size].filter((p) => p.trim() !== '').join(' / ')}
            </span>
          </span>
          <span className="console-desk-sale-line-price">
            {yuan(intl, line.price)} × {line.quantity}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The refund: goods, the fees back with their parts, the deductions with theirs (wrong-item
 * insurance, wrong-station handling) and the total, named an estimate until refunded.
 */
export function SaleBreakdown({ breakdown, refunded }: { breakdown: AfterSaleBreakdown; refunded: boolean }) {
  const intl = useIntl();
  return (
    <dl className="console-desk-breakdown">
      {breakdownRows(breakdown).map((row) => (
        <div key={row.field} className={`console-desk-breakdown-row console-desk-breakdown-${row.field}${row.part ? ' is-part' : ''}`}>
          <dt>{intl.formatMessage({ id: `afterSale.breakdown.${row.field}` })}</dt>
          <dd>
            {row.minus ? '-' : ''}
            {yuan(intl, row.amount)}
          </dd>
        </div>
      ))}
      <div className="console-desk-breakdown-row console-desk-breakdown-total">
        <dt>{intl.formatMessage({ id: refunded ? 'afterSale.breakdown.totalRefunded' : 'afterSale.breakdown.totalEstimate' })}</dt>
        <dd>{yuan(intl, breakdown.total)}</dd>
      </div>
    </dl>
  );
}

/** The seller's pictures, opened large on a click. */
export function SaleImages({ images }: { images: readonly string[] }) {
  const intl = useIntl();
  return (
    <Image.PreviewGroup>
      <div className="console-desk-sale-images">
        {images.map((src, index) => (
          <Image key={src} src={src} width={72} height={72} alt={intl.formatMessage({ id: 'afterSale.image' }, { index: index + 1 })} />
        ))}
      </div>
    </Image.PreviewGroup>
  );
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The facts a history step carries, as lines of text (docs/api.md: `detail` per type). */
function eventFacts(intl: IntlShape, entry: AfterSaleTimelineEntry): string[] {
  const d = entry.detail ?? {};
  const facts: string[] = [];
  const kind = textOf(d.kind);
  if (kind) facts.push(intl.formatMessage({ id: 'afterSale.timeline.kind' }, { name: kindName(intl, kind) }));
  if (typeof d.quantity === 'number' && d.quantity > 0) facts.push(intl.formatMessage({ id: 'afterSale.timeline.quantity' }, { text: String(d.quantity) }));
  const amount = textOf(d.amount) ?? textOf(d.refund_amount);
  if (amount) facts.push(intl.formatMessage({ id: entry.type === 'AfterSaleRefunded' ? 'afterSale.timeline.refunded' : 'afterSale.timeline.amount' }, { amount }));
  const deductions = textOf(d.deductions);
  if (deductions && deductions !== '0.00') facts.push(intl.formatMessage({ id: 'console.desk.afterSale.deducted' }, { amount: deductions }));
  const courier = textOf(d.courier);
  if (courier) facts.push(intl.formatMessage({ id: 'afterSale.timeline.courier' }, { name: courierName(intl, courier) }));
  const tracking = textOf(d.tracking_no);
  if (tracking) facts.push(intl.formatMessage({ id: 'afterSale.timeline.trackingNo' }, { text: tracking }));
  if (d.wrong_item === true) facts.push(intl.formatMessage({ id: 'afterSale.timeline.wrongItem' }));
  if (d.wrong_station === true) facts.push(intl.formatMessage({ id: 'afterSale.timeline.wrongStation' }));
  const reason = textOf(d.reason);
  if (reason) facts.push(intl.formatMessage({ id: entry.type === 'AfterSaleRejected' ? 'afterSale.timeline.rejectReason' : 'afterSale.timeline.reason' }, { text: reason }));
  return facts;
}

/** The after-sale's history, oldest first: each step's name, time and what it carried. */
export function SaleTimeline({ timeline }: { timeline: readonly AfterSaleTimelineEntry[] }) {
  const intl = useIntl();
  return (
    <Timeline
      className="console-desk-sale-timeline"
      items={timeline.map((entry, index) => ({
        key: `${entry.type}-${entry.at}-${index}`,
        content: (
          <div className="console-desk-sale-event" data-type={entry.type}>
            <strong>{intl.messages[`afterSale.event.${entry.type}`] ? intl.formatMessage({ id: `afterSale.event.${entry.type}` }) : entry.type}</strong>{' '}
            <span className="console-hint">{formatDate(entry.at)}</span>
            {eventFacts(intl, entry).map((fact) => (
              <div key={fact}>{fact}</div>
            ))}
          </div>
        ),
      }))}
    />
  );
}
