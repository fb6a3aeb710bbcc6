import { useIntl } from 'react-intl';
import { formatDate } from '../../lib/format-date';
import { pendingChangeText, skuSpec } from './listing-logic';
import type { PendingChange } from './types';

/**
 * A listing's changes waiting for the seller (`.listing-pending`; each `.listing-pending-change`
 * with `data-kind`, and `data-sku` for a SKU's), newest first as the server sends them: the SKU's
 * colour / size, what changed (a cost before → after, sold out, back in stock with the stock
 * before → after, off or back on the shelf, the stall closed) and when; bad news for the shop is
 * `.is-alert`. Nothing when none waits.
 */
export function PendingChanges({ changes }: { changes: readonly PendingChange[] }) {
  const intl = useIntl();
  if (changes.length === 0) return null;
  return (
    <ul className="listing-pending" aria-label={intl.formatMessage({ id: 'listing.listings.pending' })}>
      {changes.map((change, index) => {
        const { key, values, stock, alert } = pendingChangeText(change);
        const spec = skuSpec(change);
        return (
          <li key={`${index}-${change.kind}-${change.sku_id}-${change.at}`} className={`listing-pending-change${alert ? ' is-alert' : ''}`} data-kind={change.kind} data-sku={change.sku_id || undefined}>
            {spec ? <span className="listing-pending-sku">{spec}</span> : null}
            {spec ? ' ' : null}
            <span className="listing-pending-what">{intl.formatMessage({ id: key }, values)}</span>
            {stock ? ' ' : null}
            {stock ? <span className="listing-pending-stock">{intl.formatMessage({ id: 'listing.pending.stock' }, stock)}</span> : null}{' '}
            <time className="listing-pending-at" dateTime={new Date(change.at * 1000).toISOString()}>
              {formatDate(change.at, 'YYYY-MM-DD HH:mm')}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
