import { useIntl } from 'react-intl';
import type { ProductDetail } from '../../lib/api-types';
import { choicePrice, chooseColor, colorAvailable, findSku, sizeAvailable, stockOf, type SkuChoice } from './sku';

/** Colour × size picker showing the price and stock of what is chosen. */
export function SkuPicker({ product, choice, onChange }: { product: ProductDetail; choice: SkuChoice; onChange: (choice: SkuChoice) => void }) {
  const intl = useIntl();
  const sku = findSku(product.skus, choice);
  const stock = sku ? sku.stock : stockOf(product.skus, choice);
  return (
    <div className="sku-picker">
      <div className="sku-price-row">
        <span className="sku-label">{intl.formatMessage({ id: 'product.price' })}</span>
        <span className="sku-price">{intl.formatMessage({ id: 'catalog.price' }, { price: choicePrice(product, choice) })}</span>
      </div>
      {product.colors.length > 0 ? (
        <div className="sku-row sku-colors" role="radiogroup" aria-label={intl.formatMessage({ id: 'product.color' })}>
          <span className="sku-label">{intl.formatMessage({ id: 'product.color' })}</span>
          <span className="sku-options">
            {product.colors.map((c) => (
              <button
                key={c.name}
                type="button"
                role="radio"
                aria-checked={choice.color === c.name}
                className={`sku-option sku-color${choice.color === c.name ? ' is-current' : ''}${colorAvailable(product.skus, c.name) ? '' : ' is-out'}`}
                data-color={c.name}
                onClick={() => onChange(chooseColor(product, choice, c.name))}
              >
                {c.image ? <img src={c.image} alt="" loading="lazy" decoding="async" width={28} height={28} /> : null}
                {c.name}
              </button>
            ))}
          </span>
        </div>
      ) : null}
      {product.sizes.length > 0 ? (
        <div className="sku-row sku-sizes" role="radiogroup" aria-label={intl.formatMessage({ id: 'product.size' })}>
          <span className="sku-label">{intl.formatMessage({ id: 'product.size' })}</span>
          <span className="sku-options">
            {product.sizes.map((size) => {
              const available = sizeAvailable(product.skus, choice.color, size);
              return (
                <button
                  key={size}
                  type="button"
                  role="radio"
                  aria-checked={choice.size === size}
                  className={`sku-option sku-size${choice.size === size ? ' is-current' : ''}${available ? '' : ' is-out'}`}
                  data-size={size}
                  onClick={() => onChange({ ...choice, size })}
                >
                  {size}
                </button>
              );
            })}
          </span>
        </div>
      ) : null}
      <div className="sku-row">
        <span className="sku-label">{intl.formatMessage({ id: 'product.stock' })}</span>
        <span className={`sku-stock${stock > 0 ? '' : ' is-out'}`}>
          {stock > 0 ? intl.formatMessage({ id: 'product.stock.count' }, { count: stock }) : intl.formatMessage({ id: 'product.stock.out' })}
        </span>
      </div>
    </div>
  );
}
