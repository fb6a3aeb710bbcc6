import { Form, Input, InputNumber, Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import type { StaffSku } from './catalogue-api';
import { combinations, existingSku, MAX_STOCK, priceOf } from './product-form-logic';

/**
 * One row per colour × size: its price (empty: the product's, shown as the placeholder) and, for
 * a SKU that does not exist yet, its opening stock. An existing SKU's stock is shown, not edited:
 * it changes through the stock editor, so no save overwrites what checkouts took meanwhile.
 */
export function SkuGrid({ colours, sizes, saved, productPrice }: { colours: string[]; sizes: string[]; saved: readonly StaffSku[] | undefined; productPrice: string | undefined }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const rows = combinations(colours, sizes);
  const placeholder = priceOf(productPrice) ?? text('console.product.skuPrice.placeholder');
  return (
    <Table
      rowKey="key"
      size="small"
      className="console-product-skus"
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: text('console.product.skus.empty') }}
      onRow={(row) => ({ 'data-color': row.colour, 'data-size': row.size }) as HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'colour', dataIndex: 'colour', title: text('console.product.colour') },
        { key: 'size', dataIndex: 'size', title: text('console.product.size') },
        {
          key: 'price',
          title: text('console.product.skuPrice'),
          render: (_, row) => (
            <Form.Item
              name={['skus', row.key, 'price']}
              noStyle={false}
              style={{ margin: 0 }}
              rules={[
                {
                  validator: async (_rule, value: string | undefined) => {
                    if (value?.trim() && !priceOf(value)) throw new Error(text('console.product.price.invalid'));
                  },
                },
              ]}
            >
              <Input className="console-sku-price" placeholder={placeholder} prefix="¥" style={{ width: 140 }} />
            </Form.Item>
          ),
        },
        {
          key: 'stock',
          title: text('console.product.skuStock'),
          render: (_, row) => {
            const sku = existingSku(saved, row.colour, row.size);
            if (sku) {
              return (
                <span className="console-sku-stock-saved" title={text('console.product.skuStock.saved')}>
                  {sku.stock} <span className="console-hint">{text('console.product.skuStock.saved')}</span>
                </span>
              );
            }
            return (
              <Form.Item name={['skus', row.key, 'stock']} style={{ margin: 0 }}>
                <InputNumber className="console-sku-stock" min={0} max={MAX_STOCK} precision={0} placeholder="0" style={{ width: 120 }} />
              </Form.Item>
            );
          },
        },
      ]}
    />
  );
}
