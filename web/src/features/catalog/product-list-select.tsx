import { Checkbox } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import { useIntl } from 'react-intl';
import type { ProductCard } from '../../lib/api-types';
import { ListInShopButton } from '../../widgets/list-in-shop';
import { ProductTile } from './product-tile';
import './product-list-select.css';

type Selection = readonly [readonly string[], Dispatch<SetStateAction<string[]>>];

/**
 * Above a product list page's tiles (`.product-list-tools`): select all of the page
 * (`.product-list-select-all`, indeterminate while some are chosen) and 'list the chosen in my
 * shop' (`ListInShopButton`, off while none is).
 */
export function ProductListTools({ products, selection: [selected, setSelected] }: { products: readonly ProductCard[]; selection: Selection }) {
  const intl = useIntl();
  const chosen = products.filter((p) => selected.includes(p.id));
  return (
    <div className="product-list-tools">
      <Checkbox
        className="product-list-select-all"
        checked={chosen.length === products.length}
        indeterminate={chosen.length > 0 && chosen.length < products.length}
        onChange={(e) => setSelected(e.target.checked ? products.map((p) => p.id) : [])}
      >
        {intl.formatMessage({ id: 'common.selectAll' })}
      </Checkbox>
      <ListInShopButton selection products={chosen.map((p) => ({ id: p.id, title: p.title }))} />
    </div>
  );
}

/**
 * A product tile with its checkbox (`.product-list-select`, `data-id`) laid over the picture's
 * top-left corner: the tile keeps its size on a phone, and a click on the box never opens the
 * product.
 */
export function SelectableTile({ product, selection: [selected, setSelected] }: { product: ProductCard; selection: Selection }) {
  const checked = selected.includes(product.id);
  return (
    <div className={`product-list-item${checked ? ' is-selected' : ''}`}>
      <ProductTile product={product} />
      <span className="product-list-select" data-id={product.id}>
        <Checkbox
          checked={checked}
          onChange={(e) => setSelected((s) => (e.target.checked ? [...s.filter((id) => id !== product.id), product.id] : s.filter((id) => id !== product.id)))}
          aria-label={product.title}
        />
      </span>
    </div>
  );
}
