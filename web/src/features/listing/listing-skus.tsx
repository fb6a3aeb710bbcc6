import { useIntl } from 'react-intl';
import { costChange, isNegativeMargin, skuSpec, skuStateKey } from './listing-logic';
import type { ListingSku } from './types';

/** A listing's SKUs (`.listing-skus`, rows `.listing-sku` with `data-sku`): listed price, cost then → now, margin now, stock now, state. */
export function SkuTable({ skus }: { skus: readonly ListingSku[] }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const money = (yuan: string) => text('catalog.price', { price: yuan });
  if (skus.length === 0) return <span className="listing-hint">{text('listing.listings.noSkus')}</span>;
  return (
    <table className="listing-skus">
      <thead>
        <tr>
          <th>{text('listing.listings.sku')}</th>
          <th>{text('listing.listings.listedPrice')}</th>
          <th>{text('listing.listings.cost')}</th>
          <th>{text('listing.listings.marginNow')}</th>
          <th>{text('listing.listings.stockNow')}</th>
          <th>{text('listing.listings.state')}</th>
        </tr>
      </thead>
      <tbody>
        {skus.map((sku) => {
          const change = costChange(sku);
          const changed = sku.price_changed || change !== 'same';
          const stateKey = skuStateKey(sku.sku_state);
          return (
            <tr key={sku.sku_id} className={`listing-sku${changed ? ' is-changed' : ''}`} data-sku={sku.sku_id} data-state={sku.sku_state}>
              <td className="listing-sku-spec">{skuSpec(sku)}</td>
              <td className="listing-sku-price listing-number">{money(sku.listed_price)}</td>
              <td className="listing-sku-cost listing-number">
                {changed ? (
                  <>
                    <span className="listing-cost-then">{money(sku.cost_then)}</span>
                    {' → '}
                    <span className={`listing-cost-now is-${change}`} title={change === 'same' ? undefined : text(`listing.listings.cost.${change}`)}>
                      {money(sku.cost_now)}
                    </span>
                  </>
                ) : (
                  <span className="listing-cost-now">{money(sku.cost_now)}</span>
                )}
              </td>
              <td className={`listing-sku-margin listing-number${isNegativeMargin(sku.margin_now) ? ' is-negative' : ''}`}>{money(sku.margin_now)}</td>
              <td className={`listing-sku-stock listing-number${sku.stock_now <= 0 ? ' is-none' : ''}`}>{sku.stock_now}</td>
              <td className={`listing-sku-state is-${sku.sku_state}`}>{stateKey ? text(stateKey) : sku.sku_state}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
