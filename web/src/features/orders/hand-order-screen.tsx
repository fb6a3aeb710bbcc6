import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Radio } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ItemLookup } from './types';
import { failureText } from '../../lib/refusal';
import { QuantityStepper } from '../../lib/quantity-stepper';
import { readQuantity } from '../../lib/quantity';
import { t } from '../../lib/i18n';
import { CheckoutDefaults, CheckoutForm } from './checkout-form';
import { useLookupItemMutation } from './order-api';
import {
  addManualLine,
  findLookupSku,
  lookupColors,
  lookupPicture,
  lookupSizes,
  piecesOf,
  removeManualLine,
  setManualQuantity,
  validateItemNo,
  type ManualLine,
} from './order-logic';
import { specOf, Yuan } from './order-parts';

/** A looked-up product: choose a colour, a size and a quantity, and add the line. */
function SkuChooser({ item, onAdd }: { item: ItemLookup; onAdd: (line: ManualLine) => void }) {
  const intl = useIntl();
  const colors = lookupColors(item);
  const [color, setColor] = useState<string | null>(colors.length === 1 ? colors[0]! : null);
  const sizes = lookupSizes(item, color);
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const sku = findLookupSku(item, color, size);
  const stock = sku?.stock ?? 0;
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const add = () => {
    if (!sku || sku.stock < 1) return;
    onAdd({
      sku_id: sku.sku_id,
      quantity: Math.min(quantity, sku.stock),
      product_id: item.product_id,
      item_no: item.item_no,
      title: item.title,
      image: lookupPicture(item, sku.color),
      stall_name: item.stall_name,
      color: sku.color,
      size: sku.size,
      price: sku.price,
      stock: sku.stock,
    });
    setQuantity(1);
  };

  return (
    <div className="hand-sku" data-item={item.item_no}>
      <img src={lookupPicture(item, color)} alt={item.title} width={96} height={96} className="hand-sku-image" />
      <div className="hand-sku-body">
        <div className="hand-sku-title">{item.title}</div>
        <div className="hand-sku-meta">
          {intl.formatMessage({ id: 'cart.itemNo' }, { itemNo: item.item_no })} · <span translate="no">{item.stall_name}</span>
        </div>
        <div className="hand-sku-row">
          <span className="hand-sku-label">{text('product.color')}</span>
          <Radio.Group
            className="hand-sku-colors"
            optionType="button"
            value={color}
            onChange={(event) => {
              setColor(event.target.value as string);
              setSize(null);
            }}
            options={colors.map((c) => ({ value: c, label: c, className: 'hand-sku-color' }))}
          />
        </div>
        <div className="hand-sku-row">
          <span className="hand-sku-label">{text('product.size')}</span>
          <Radio.Group
            className="hand-sku-sizes"
            optionType="button"
            value={size}
            onChange={(event) => setSize(event.target.value as string)}
            options={sizes.map((s) => {
              const out = (findLookupSku(item, color, s)?.stock ?? 0) < 1;
              return { value: s, label: s, disabled: !color || out, className: 'hand-sku-size' };
            })}
          />
        </div>
        <div className="hand-sku-row">
          <span className="hand-sku-label">{text('cart.quantity')}</span>
          <QuantityStepper
            className="hand-sku-quantity"
            value={quantity}
            min={1}
            max={Math.max(1, stock)}
            disabled={!sku || stock < 1}
            label={text('cart.quantity')}
            decreaseLabel={text('cart.quantity.less')}
            increaseLabel={text('cart.quantity.more')}
            onStep={setQuantity}
            onCommit={(typed) => setQuantity(readQuantity(typed, Math.max(1, stock)) ?? quantity)}
          />
          {sku ? (
            <span className="hand-sku-figures">
              <Yuan value={sku.price} className="hand-sku-price" /> {text(sku.stock > 0 ? 'cart.stock' : 'cart.soldOut', { stock: sku.stock })}
            </span>
          ) : (
            <span className="hand-sku-figures page-hint">{text('cart.chooseSku')}</span>
          )}
        </div>
        <Button type="primary" icon={<PlusOutlined />} className="hand-sku-add" disabled={!sku || stock < 1} onClick={add}>
          {text('order.manual.addLine')}
        </Button>
      </div>
    </div>
  );
}

/** Item number → its product (order/item), refusals under the box. */
function ItemLookupCard({ onAdd }: { onAdd: (line: ManualLine) => void }) {
  const intl = useIntl();
  const [itemNo, setItemNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<ItemLookup | null>(null);
  const [lookup, { isLoading }] = useLookupItemMutation();

  const search = async () => {
    const rule = validateItemNo(itemNo);
    if (rule) {
      setError(intl.formatMessage({ id: rule }));
      return;
    }
    setError(null);
    try {
      setFound(await lookup({ item_no: itemNo.trim() }).unwrap());
    } catch (failure) {
      setFound(null);
      setError(failureText(failure) ?? t('error.http.other'));
    }
  };

  return (
    <Card className="checkout-card hand-lookup" title={intl.formatMessage({ id: 'order.manual.lookup' })}>
      <div className="hand-lookup-row">
        <Input
          className="hand-item-no"
          value={itemNo}
          maxLength={64}
          status={error ? 'error' : undefined}
          placeholder={intl.formatMessage({ id: 'order.manual.itemNo' })}
          aria-label={intl.formatMessage({ id: 'order.manual.itemNo' })}
          onChange={(event) => setItemNo(event.target.value)}
          onPressEnter={() => void search()}
        />
        <Button icon={<SearchOutlined />} className="hand-search" loading={isLoading} onClick={() => void search()}>
          {intl.formatMessage({ id: 'common.search' })}
        </Button>
      </div>
      {error ? <div className="hand-lookup-error ant-form-item-explain-error">{error}</div> : null}
      {found ? <SkuChooser key={found.product_id} item={found} onAdd={onAdd} /> : null}
    </Card>
  );
}

/** The lines entered so far, each with its quantity (1..stock) and a remove button. */
function ManualLines({ lines, onChange }: { lines: readonly ManualLine[]; onChange: (lines: ManualLine[]) => void }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Card className="checkout-card checkout-goods hand-lines" title={text('order.goods')} extra={text('order.items', { count: piecesOf(lines) })}>
      {lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('order.manual.empty')} />
      ) : (
        <ul className="checkout-lines">
          {lines.map((line) => (
            <li key={line.sku_id} className="checkout-line hand-line" data-sku={line.sku_id}>
              <img src={line.image} alt={line.title} width={64} height={64} loading="lazy" decoding="async" />
              <span className="checkout-line-text">
                <span className="checkout-line-title">{line.title}</span>
                <span className="checkout-line-meta">
                  <span translate="no">{line.stall_name}</span> · {text('cart.itemNo', { itemNo: line.item_no })} · <span className="checkout-line-spec">{specOf(line)}</span>
                </span>
              </span>
              <span className="checkout-line-price">
                <Yuan value={line.price} />
              </span>
              <QuantityStepper
                className="hand-line-quantity"
                value={line.quantity}
                min={1}
                max={Math.max(1, line.stock)}
                label={text('cart.quantity.of', { title: line.title })}
                decreaseLabel={text('cart.quantity.less')}
                increaseLabel={text('cart.quantity.more')}
                onStep={(next) => onChange(setManualQuantity(lines, line.sku_id, next))}
                onCommit={(typed) => {
                  const next = readQuantity(typed, line.stock);
                  if (next !== null) onChange(setManualQuantity(lines, line.sku_id, next));
                }}
              />
              <Button type="link" size="small" danger icon={<DeleteOutlined />} className="hand-line-remove" onClick={() => onChange(removeManualLine(lines, line.sku_id))}>
                {text('cart.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * `/handOrder`: manual entry. Look products up by item number, choose colour, size and quantity,
 * add several lines, then the same destination, options, fee preview and submit as checkout
 * (source manual). Needs a session.
 */
export default function HandOrderScreen() {
  const intl = useIntl();
  const [lines, setLines] = useState<ManualLine[]>([]);
  return (
    <div className="orders-page hand-order-page">
      <header className="orders-head">
        <h1 className="page-title">{intl.formatMessage({ id: 'route.handOrder' })}</h1>
        <p className="page-hint">{intl.formatMessage({ id: 'order.manual.intro' })}</p>
      </header>
      <CheckoutDefaults>
        {(settings, addresses) => (
          <>
            <ItemLookupCard onAdd={(line) => setLines((current) => addManualLine(current, line))} />
            <ManualLines lines={lines} onChange={setLines} />
            <CheckoutForm source="manual" lines={lines} settings={settings} addresses={addresses} />
          </>
        )}
      </CheckoutDefaults>
    </div>
  );
}
