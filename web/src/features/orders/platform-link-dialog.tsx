import { Alert, Button, Empty, Input, Modal, Radio, Table } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import type { ApiError } from '../../api/base-query';
import { useLinkSkuMutation, useSkuSearchMutation, type LinkScope, type PlatformSku } from '../../api/platform-orders-api';
import { toast } from '../../lib/toast';
import { money, searchFromSpec, specText, type LinkTarget } from './platform-logic';

interface LinkProps {
  platform: string;
  /** The import the dialog is opened from. */
  importId: string;
}

/**
 * Links a platform SKU (an item + one spec) to a jpmall SKU (`.platform-link-modal`): searches SKUs
 * on sale by item number, colour and size (`order/platform/sku_search`; the colour and size start
 * from the line's spec), one `.platform-sku-row` each with its picture, item number, title, colour,
 * size, price and stock. `.platform-link-scope` chooses what the link covers: this spec only (the
 * default) or the whole item, each spec finding its own SKU in the chosen SKU's product.
 * `.platform-sku-choose` links it (`order/platform/link`, with the line's own variation), shows the
 * answer's message and closes. Lives inside the dialog, so it starts afresh each time.
 */
function LinkBody({ platform, importId, target, onDone }: LinkProps & { target: LinkTarget; onDone: () => void }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [query, setQuery] = useState(() => ({ item_no: '', ...searchFromSpec(target.spec, target.variation) }));
  const [scope, setScope] = useState<LinkScope>('sku');
  const [search, { data, isLoading, error, reset }] = useSkuSearchMutation();
  const [link, { isLoading: linking }] = useLinkSkuMutation();
  const [missing, setMissing] = useState(false);

  const find = () => {
    if (!query.item_no.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void search({ item_no: query.item_no.trim(), color: query.color.trim(), size: query.size.trim() });
  };
  const choose = async (sku: PlatformSku) => {
    try {
      const answer = await link({
        platform,
        item_key: target.item_key,
        sku_key: target.sku_key,
        sku_id: sku.sku_id,
        title: target.title,
        variation: target.variation,
        scope,
        id: importId,
      }).unwrap();
      // the server's message counts the import's lines the link now covers
      void toast(answer?.message || text('platformOrders.link.done', { itemNo: sku.item_no }), 'success');
      onDone();
    } catch {
      // the base query toasted the refusal
    }
  };
  const field = (key: keyof typeof query, label: string) => (
    <label className={`platform-link-field platform-link-${key}`}>
      <span>{label}</span>
      {/* the search starts from the platform's own colour and size, as the platform wrote them */}
      <Input
        translate="no"
        value={query[key]}
        onChange={(event) => {
          setQuery({ ...query, [key]: event.target.value });
          reset();
        }}
        onPressEnter={find}
        allowClear
      />
    </label>
  );

  return (
    <div className="platform-link-body">
      <p className="platform-link-target">
        <strong translate="no">{target.title}</strong>{' '}
        <span className="platform-link-variation" translate="no">
          {target.variation}
        </span>
      </p>
      <Radio.Group
        className="platform-link-scope"
        value={scope}
        onChange={(event) => setScope(event.target.value as LinkScope)}
        options={[
          {
            value: 'sku',
            label: (
              <span className="platform-link-scope-sku">
                {intl.formatMessage({ id: 'platformOrders.link.scope.sku' }, { spec: <span translate="no">{specText(target.spec)}</span> })}
              </span>
            ),
          },
          { value: 'product', label: <span className="platform-link-scope-product">{text('platformOrders.link.scope.product')}</span> },
        ]}
      />
      <div className="platform-link-search">
        {field('item_no', text('platformOrders.link.itemNo'))}
        {field('color', text('product.color'))}
        {field('size', text('product.size'))}
        <Button type="primary" className="platform-link-find" loading={isLoading} onClick={find}>
          {text('platformOrders.link.search')}
        </Button>
      </div>
      {missing ? <Alert type="warning" showIcon className="platform-link-missing" title={text('platformOrders.link.itemNoRequired')} /> : null}
      {error ? <Alert type="error" showIcon className="platform-link-error" title={(error as ApiError).msg} /> : null}
      {data && data.length === 0 ? <Empty className="platform-link-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('platformOrders.link.none')} /> : null}
      {data && data.length > 0 ? (
        <Table<PlatformSku>
          className="platform-sku-table"
          size="small"
          rowKey="sku_id"
          pagination={false}
          scroll={{ y: 360 }}
          dataSource={data}
          onRow={(sku) => ({ className: 'platform-sku-row', 'data-sku': sku.sku_id, 'data-item-no': sku.item_no } as HTMLAttributes<HTMLElement>)}
          columns={[
            {
              key: 'image',
              width: 56,
              render: (_, sku) => (sku.image ? <img src={sku.image} alt={sku.title} width={40} height={40} loading="lazy" /> : null),
            },
            { key: 'item_no', title: text('platformOrders.link.itemNo'), dataIndex: 'item_no', className: 'platform-sku-item-no' },
            { key: 'title', title: text('platformOrders.line.title'), dataIndex: 'title', ellipsis: true },
            { key: 'color', title: text('product.color'), dataIndex: 'color', className: 'platform-sku-color' },
            { key: 'size', title: text('product.size'), dataIndex: 'size', className: 'platform-sku-size' },
            { key: 'price', title: text('platformOrders.line.jpmallPrice'), render: (_, sku) => money(sku.price) },
            { key: 'stock', title: text('platformOrders.link.stock'), dataIndex: 'stock' },
            {
              key: 'choose',
              render: (_, sku) => (
                <Button size="small" type="link" className="platform-sku-choose" disabled={linking} onClick={() => void choose(sku)}>
                  {text('platformOrders.link.choose')}
                </Button>
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}

/** The link dialog; `target` null is closed. */
export function LinkDialog({ platform, importId, target, onClose }: LinkProps & { target: LinkTarget | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal
      className="platform-link-modal"
      open={target !== null}
      title={intl.formatMessage({ id: 'platformOrders.link.title' })}
      footer={null}
      width={860}
      destroyOnHidden
      onCancel={onClose}
    >
      {target ? <LinkBody platform={platform} importId={importId} target={target} onDone={onClose} /> : null}
    </Modal>
  );
}
