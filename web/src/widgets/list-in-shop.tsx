import { ShopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { openLoginPrompt } from '../api/login-prompt';
import { lazyScreen } from '../lib/lazy-screen';
import { useAppSelector } from '../state/hooks';
import { selectToken } from '../state/session-slice';
import type { ListedProductRef } from './list-in-shop-dialog';

// the dialog (its table, select and the shop form) is its own chunk, loaded on the first click:
// the product screen stays as small as it was
const ListInShopDialog = lazyScreen(() => import('./list-in-shop-dialog'));

/**
 * 'List in my shop' (`.list-in-shop`) for one product (the product screen) or the products chosen
 * (`selection`: the favourites, a stall's products; the count in the label, off when none). Without
 * a session it opens the login prompt; else the listing dialog (widgets/list-in-shop-dialog.tsx).
 */
export function ListInShopButton({ products, selection = false, className = '' }: { products: readonly ListedProductRef[]; selection?: boolean; className?: string }) {
  const intl = useIntl();
  const token = useAppSelector(selectToken);
  // each opening is a dialog of its own (its first shop, its own request ids)
  const [state, setState] = useState({ open: false, shown: false, opening: 0 });
  const [chosen, setChosen] = useState<readonly ListedProductRef[]>([]);

  const onClick = () => {
    if (!token) {
      openLoginPrompt();
      return;
    }
    setChosen(products);
    setState((s) => ({ open: true, shown: true, opening: s.opening + 1 }));
  };

  return (
    <>
      <Button className={`list-in-shop ${className}`.trim()} icon={<ShopOutlined />} disabled={products.length === 0} onClick={onClick}>
        {selection ? intl.formatMessage({ id: 'listing.action.selected' }, { count: products.length }) : intl.formatMessage({ id: 'listing.action' })}
      </Button>
      {state.shown && token ? (
        <Suspense fallback={null}>
          <ListInShopDialog key={state.opening} open={state.open} products={chosen} onClose={() => setState((s) => ({ ...s, open: false }))} />
        </Suspense>
      ) : null}
    </>
  );
}
