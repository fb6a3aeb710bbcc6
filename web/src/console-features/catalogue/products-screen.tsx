import { Button, Form, Image, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useState, type HTMLAttributes, type Key } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCategoriesQuery, useProductsQuery, useShelveProductsMutation, type ProductFilter, type StaffProduct } from './catalogue-api';
import { formatDate } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { auditPath, NEW_PRODUCT_PATH, productPath } from './links';
import { categoryPath, titleIn } from './names';
import { useCategoryChoices, useStallChoices } from './pickers';
import { StockEditor } from './stock-editor';

const PAGE_SIZE = 20;

interface Filters extends ProductFilter {
  page: number;
}

/** The filters and page the address holds (`keyword`, `stall`, `category`, `shelf`, `page`). */
export function filtersFrom(params: URLSearchParams): Filters {
  const shelf = params.get('shelf');
  const page = Number(params.get('page'));
  return {
    keyword: params.get('keyword') ?? undefined,
    stall_id: params.get('stall') ?? undefined,
    category_id: params.get('category') ?? undefined,
    shelf: shelf === 'on' || shelf === 'off' ? shelf : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function searchOf(filters: Filters): URLSearchParams {
  const entries: [string, string | undefined][] = [
    ['keyword', filters.keyword?.trim()],
    ['stall', filters.stall_id],
    ['category', filters.category_id],
    ['shelf', filters.shelf],
    ['page', filters.page > 1 ? String(filters.page) : undefined],
  ];
  return new URLSearchParams(entries.filter((e): e is [string, string] => Boolean(e[1])));
}

/**
 * /admin/products (catalogue.read): the products, on the shelf and off, filtered by keyword (item
 * number or title), stall, category and shelf, with pages; filters live in the address. With
 * catalogue.write: new product, edit, and rows chosen put on or off the shelf in one go (the
 * server says how many changed). Each row opens its stock (the editor, changes with stock.write)
 * and, with audit.read, its audit trail. A stall account sees its own stalls' products only.
 */
export default function ProductsScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { can } = useStaffAccess();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const { page, ...filter } = filters;
  const { data, isFetching } = useProductsQuery({ token, ...filter, page, pagesize: PAGE_SIZE });
  const categories = useCategoriesQuery({ token });
  const categoryChoices = useCategoryChoices();
  const stalls = useStallChoices();
  const [shelve, { isLoading: shelving }] = useShelveProductsMutation();
  const [selected, setSelected] = useState<string[]>([]);
  const [stockOf, setStockOf] = useState<StaffProduct | null>(null);
  const [form] = Form.useForm<ProductFilter>();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const writable = can('catalogue.write');

  const go = (next: Filters) => {
    setSelected([]);
    setParams(searchOf(next));
  };
  const onShelf = async (on: boolean) => {
    let changed: number;
    try {
      ({ changed } = await shelve({ ids: selected, on_shelf: on }).unwrap());
    } catch {
      return;
    }
    void toast(text(on ? 'console.product.shelved' : 'console.product.unshelved', { changed }), 'success');
    setSelected([]);
  };

  return (
    <div className="console-products">
      <Space className="console-toolbar">
        <h2>{text('console.menu.products')}</h2>
        {writable ? (
          <Button type="primary" className="console-product-new" onClick={() => void navigate(NEW_PRODUCT_PATH)}>
            {text('console.product.new')}
          </Button>
        ) : null}
      </Space>
      <Form<ProductFilter>
        form={form}
        layout="inline"
        className="console-filter console-product-filter"
        key={params.toString()}
        initialValues={filter}
        onFinish={(values) => go({ ...values, page: 1 })}
      >
        <Form.Item name="keyword" label={text('console.product.keyword')}>
          <Input allowClear className="console-product-keyword" placeholder={text('console.product.keyword.placeholder')} />
        </Form.Item>
        <Form.Item name="stall_id" label={text('console.product.stall')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            className="console-product-stall-filter"
            style={{ minWidth: 220 }}
            placeholder={text('console.all')}
            loading={stalls.loading}
            options={stalls.choices}
          />
        </Form.Item>
        <Form.Item name="category_id" label={text('console.product.category')}>
          <Select allowClear showSearch optionFilterProp="label" className="console-product-category-filter" style={{ minWidth: 200 }} placeholder={text('console.all')} options={categoryChoices} />
        </Form.Item>
        <Form.Item name="shelf" label={text('console.product.shelf')}>
          <Select
            allowClear
            className="console-product-shelf-filter"
            style={{ minWidth: 120 }}
            placeholder={text('console.all')}
            options={[
              { value: 'on', label: text('console.product.onShelf') },
              { value: 'off', label: text('console.product.offShelf') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" className="console-product-search">
            {text('console.search')}
          </Button>
        </Form.Item>
      </Form>
      {writable ? (
        <Space className="console-batch">
          <span className="console-product-selected">{text('console.product.selected', { count: selected.length })}</span>
          <Button className="console-product-shelve" disabled={selected.length === 0} loading={shelving} onClick={() => void onShelf(true)}>
            {text('console.product.shelve')}
          </Button>
          <Button className="console-product-unshelve" disabled={selected.length === 0} loading={shelving} onClick={() => void onShelf(false)}>
            {text('console.product.unshelve')}
          </Button>
        </Space>
      ) : null}
      <Table<StaffProduct>
        rowKey="id"
        className="console-product-table"
        loading={isFetching}
        dataSource={data?.list ?? []}
        // the columns fit a 1366 px screen; narrower, the table scrolls and the actions stay in view
        scroll={{ x: 1040 }}
        onRow={(product) => ({ 'data-id': product.id, 'data-item-no': product.item_no }) as HTMLAttributes<HTMLElement>}
        {...(writable ? { rowSelection: { selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys.map(String)), preserveSelectedRowKeys: true } } : {})}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: (next) => go({ ...filters, page: next }),
          showTotal: (total) => intl.formatMessage({ id: 'pagination.total' }, { total }),
        }}
        columns={[
          {
            key: 'image',
            title: text('console.product.picture'),
            width: 80,
            render: (_, product) => <Image src={product.image} width={48} height={48} className="console-product-image" alt="" preview={false} />,
          },
          {
            // the title on one line (whole in its tooltip), the item number and stall under it, then the flags
            key: 'title',
            title: [text('console.product.title'), text('console.product.itemNo'), text('console.product.stall')].join(' · '),
            render: (_, product) => (
              <div className="console-product-summary">
                <Tooltip title={titleIn(language, product)} placement="topLeft">
                  <span className="console-product-title">{titleIn(language, product)}</span>
                </Tooltip>
                <div className="console-hint console-product-more">
                  <span className="console-product-item-no">{product.item_no}</span>
                  {' · '}
                  <span className="console-product-stall" translate="no">{product.stall_name}</span>
                </div>
                {product.is_hot || product.is_sea ? (
                  <div className="console-product-flags">
                    {product.is_hot ? (
                      <Tag color="red" className="console-product-flag">
                        {text('console.product.hot')}
                      </Tag>
                    ) : null}
                    {product.is_sea ? (
                      <Tag color="blue" className="console-product-flag">
                        {text('console.product.sea')}
                      </Tag>
                    ) : null}
                  </div>
                ) : null}
              </div>
            ),
          },
          { key: 'category', title: text('console.product.category'), width: 150, render: (_, product) => categoryPath(language, categories.data, product.category_id) },
          { key: 'price', title: text('console.product.price'), width: 100, render: (_, product) => <span className="console-product-price">{`¥${product.price}`}</span> },
          {
            key: 'stock',
            title: text('console.product.stock'),
            width: 130,
            render: (_, product) => <span className="console-product-stock">{text('console.product.stockOf', { stock: product.stock_total, skus: product.sku_count })}</span>,
          },
          {
            key: 'shelf',
            title: text('console.product.shelf'),
            width: 150,
            render: (_, product) => (
              <>
                {product.on_shelf ? (
                  <Tag color="green" className="console-product-status is-on">
                    {text('console.product.onShelf')}
                  </Tag>
                ) : (
                  <Tag className="console-product-status is-off">{text('console.product.offShelf')}</Tag>
                )}
                {product.shelf_at ? <div className="console-hint console-product-shelf-at">{formatDate(product.shelf_at, 'YYYY-MM-DD HH:mm')}</div> : null}
              </>
            ),
          },
          {
            key: 'actions',
            title: text('console.actions'),
            fixed: 'right',
            width: 170,
            render: (_, product) => (
              <Space wrap size={[4, 0]} className="console-product-actions">
                {writable ? (
                  <Link to={productPath(product.id)} className="console-product-edit">
                    {text('console.edit')}
                  </Link>
                ) : null}
                <Button size="small" type="link" className="console-product-stock-open" onClick={() => setStockOf(product)}>
                  {text('console.product.stockButton')}
                </Button>
                {can('audit.read') ? (
                  <Link to={auditPath('product', product.id)} className="console-product-audit">
                    {text('console.auditLink')}
                  </Link>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <StockEditor product={stockOf} onClose={() => setStockOf(null)} />
    </div>
  );
}
