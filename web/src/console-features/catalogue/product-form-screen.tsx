import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Form, Input, Result, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useProductQuery, useSaveProductMutation, type StaffProductDetail } from './catalogue-api';
import { failureText, refusedField } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { showRefusal } from '../../widgets/form-refusal';
import { PictureUpload } from './picture-upload';
import { useChildCategoryGroups, useStallChoices } from './pickers';
import {
  colourNames,
  MAX_DETAIL_PICTURES,
  MAX_MAIN_PICTURES,
  MAX_OPTIONS,
  NEW_PRODUCT,
  optionNames,
  priceOf,
  saveBody,
  uploading,
  valuesOf,
  type ProductValues,
} from './product-form-logic';
import { SkuGrid } from './sku-grid';

/** Fields a refusal's `data.field` may name that the form shows under their own item. */
const FIELDS = ['item_no', 'title_zh', 'title_en', 'category_id', 'stall_id', 'price', 'colours', 'sizes', 'main_pictures', 'detail_pictures'] as const;

const listRule = (check: (items: unknown[]) => string | null) => ({
  validator: async (_rule: unknown, items: unknown[] | undefined) => {
    const problem = check(items ?? []);
    if (problem) throw new Error(problem);
  },
});

/**
 * The product form: item number, titles, child category, stall, wholesale price, hot and
 * Southeast-Asia flags, colours (each with an optional picture), sizes, the SKU grid, main (1–9)
 * and detail (0–20) pictures. `saved` is the product being edited (undefined: a new one).
 */
function ProductForm({ saved }: { saved: StaffProductDetail | undefined }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [form] = Form.useForm<ProductValues>();
  const [save, { isLoading }] = useSaveProductMutation();
  const categories = useChildCategoryGroups();
  const stalls = useStallChoices();
  const [gridError, setGridError] = useState<string | null>(null);
  const [start] = useState(() => (saved ? valuesOf(saved) : { values: NEW_PRODUCT as ProductValues, complete: true }));
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const colours = colourNames(Form.useWatch('colours', form));
  const sizes = optionNames(Form.useWatch('sizes', form));
  const price = Form.useWatch('price', form);

  // Options with SKUs already cannot be renamed or removed (none may be left out: orders name them).
  const savedColours = new Set(saved?.skus.map((s) => s.color));
  const savedSizes = new Set(saved?.skus.map((s) => s.size));
  const lockedColour = (key: number) => key < start.values.colours.length && savedColours.has(start.values.colours[key]?.name_zh ?? '');
  const lockedSize = (key: number) => key < start.values.sizes.length && savedSizes.has(start.values.sizes[key] ?? '');

  // a stall account with one stall: that one
  const onlyStall = stalls.choices.length === 1 ? stalls.choices[0]!.value : null;
  useEffect(() => {
    if (!saved && onlyStall && !form.getFieldValue('stall_id')) form.setFieldValue('stall_id', onlyStall);
  }, [saved, onlyStall, form]);

  const onFinish = async (values: ProductValues) => {
    if (uploading(values)) {
      void toast(text('console.picture.wait'), 'error');
      return;
    }
    setGridError(null);
    let answer: StaffProductDetail;
    try {
      answer = await save(saveBody(values, saved)).unwrap();
    } catch (error) {
      if (refusedField(error) === 'skus') setGridError(failureText(error) ?? text('error.http.other'));
      else showRefusal(form, error, FIELDS);
      return;
    }
    void toast(text(saved ? 'console.saved' : 'console.product.created'), 'success');
    void navigate(`/products?keyword=${encodeURIComponent(answer.item_no)}`);
  };

  const required = (id: string) => ({ required: true, whitespace: true, message: text(id) });
  return (
    <Form<ProductValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      className="console-product-form"
      initialValues={start.values}
      onFinish={(v) => void onFinish(v)}
      scrollToFirstError
    >
      {saved ? null : <Alert type="info" showIcon className="console-product-new-note" title={text('console.product.startsOff')} />}
      {start.complete ? null : <Alert type="warning" showIcon className="console-product-incomplete" title={text('console.product.incomplete')} />}
      <Card title={text('console.product.basics')} className="console-card">
        <Space wrap align="start" size="large">
          <Form.Item name="item_no" label={text('console.product.itemNo')} rules={[required('console.product.itemNo.required'), { max: 32 }]}>
            <Input className="console-product-item-no-input" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="title_zh" label={text('console.product.titleZh')} rules={[required('console.product.titleZh.required'), { max: 100 }]}>
            <Input className="console-product-title-zh" style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="title_en" label={text('console.product.titleEn')} extra={text('console.nameEn.hint')} rules={[{ max: 100 }]}>
            <Input className="console-product-title-en" style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <Space wrap align="start" size="large">
          <Form.Item name="category_id" label={text('console.product.category')} rules={[{ required: true, message: text('console.product.category.required') }]}>
            <Select className="console-product-category" showSearch optionFilterProp="label" style={{ width: 240 }} options={categories} />
          </Form.Item>
          <Form.Item name="stall_id" label={text('console.product.stall')} rules={[{ required: true, message: text('console.product.stall.required') }]}>
            <Select className="console-product-stall" showSearch optionFilterProp="label" style={{ width: 280 }} loading={stalls.loading} options={stalls.choices} />
          </Form.Item>
          <Form.Item
            name="price"
            label={text('console.product.wholesalePrice')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!value?.trim()) throw new Error(text('console.product.price.required'));
                  if (!priceOf(value)) throw new Error(text('console.product.price.invalid'));
                },
              },
            ]}
          >
            <Input className="console-product-price" prefix="¥" style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Space size="large">
          <Form.Item name="is_hot" valuePropName="checked" noStyle>
            <Checkbox className="console-product-hot">{text('console.product.hot')}</Checkbox>
          </Form.Item>
          <Form.Item name="is_sea" valuePropName="checked" noStyle>
            <Checkbox className="console-product-sea">{text('console.product.sea')}</Checkbox>
          </Form.Item>
        </Space>
      </Card>

      <Card title={text('console.product.colours')} className="console-card">
        <Form.List
          name="colours"
          rules={[
            listRule((items) => {
              const names = (items as ProductValues['colours']).map((c) => c?.name_zh?.trim()).filter(Boolean);
              if (names.length === 0) return text('console.product.colours.required');
              if (items.length > MAX_OPTIONS) return text('console.product.options.tooMany', { max: MAX_OPTIONS });
              if (new Set(names).size !== names.length) return text('console.product.colours.repeated');
              return null;
            }),
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div className="console-product-colours">
              {fields.map((field) => (
                <Space key={field.key} align="start" className="console-product-colour" data-index={field.name} style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'name_zh']} label={text('console.product.colourZh')} rules={[required('console.product.colourZh.required'), { max: 20 }]}>
                    <Input className="console-colour-name-zh" disabled={lockedColour(field.key)} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'name_en']} label={text('console.product.colourEn')} rules={[{ max: 20 }]}>
                    <Input className="console-colour-name-en" style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'picture']} label={text('console.product.colourPicture')} extra={text('console.product.colourPicture.hint')}>
                    <PictureUpload max={1} className="console-colour-picture" />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    className="console-colour-remove"
                    aria-label={text('console.remove')}
                    disabled={lockedColour(field.key) || fields.length <= 1}
                    onClick={() => remove(field.name)}
                    style={{ marginTop: 30 }}
                  />
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              <Button icon={<PlusOutlined />} className="console-colour-add" disabled={fields.length >= MAX_OPTIONS} onClick={() => add({ name_zh: '', name_en: '', picture: [] })}>
                {text('console.product.colour.add')}
              </Button>
            </div>
          )}
        </Form.List>
      </Card>

      <Card title={text('console.product.sizes')} className="console-card">
        <Form.List
          name="sizes"
          rules={[
            listRule((items) => {
              const names = (items as (string | undefined)[]).map((s) => s?.trim()).filter(Boolean);
              if (names.length === 0) return text('console.product.sizes.required');
              if (items.length > MAX_OPTIONS) return text('console.product.options.tooMany', { max: MAX_OPTIONS });
              if (new Set(names).size !== names.length) return text('console.product.sizes.repeated');
              return null;
            }),
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div className="console-product-sizes">
              <Space wrap align="start">
                {fields.map((field) => (
                  <Space.Compact key={field.key} className="console-product-size">
                    <Form.Item name={field.name} rules={[required('console.product.size.required'), { max: 20 }]} style={{ marginBottom: 8 }}>
                      <Input className="console-size-name" disabled={lockedSize(field.key)} style={{ width: 100 }} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      className="console-size-remove"
                      aria-label={text('console.remove')}
                      disabled={lockedSize(field.key) || fields.length <= 1}
                      onClick={() => remove(field.name)}
                    />
                  </Space.Compact>
                ))}
                <Button icon={<PlusOutlined />} className="console-size-add" disabled={fields.length >= MAX_OPTIONS} onClick={() => add('')}>
                  {text('console.product.size.add')}
                </Button>
              </Space>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
      </Card>

      <Card title={text('console.product.skus')} className="console-card" extra={<span className="console-hint">{text('console.product.skus.hint')}</span>}>
        <SkuGrid colours={colours} sizes={sizes} saved={saved?.skus} productPrice={price} />
        {gridError ? <Alert type="error" showIcon className="console-product-skus-error" title={gridError} /> : null}
      </Card>

      <Card title={text('console.product.pictures')} className="console-card">
        <Form.Item
          name="main_pictures"
          label={text('console.product.mainPictures', { max: MAX_MAIN_PICTURES })}
          extra={text('console.product.mainPictures.hint')}
          rules={[listRule((files) => (files.length === 0 ? text('console.product.mainPictures.required') : null))]}
        >
          <PictureUpload max={MAX_MAIN_PICTURES} className="console-product-main-pictures" />
        </Form.Item>
        <Form.Item name="detail_pictures" label={text('console.product.detailPictures', { max: MAX_DETAIL_PICTURES })}>
          <PictureUpload max={MAX_DETAIL_PICTURES} className="console-product-detail-pictures" />
        </Form.Item>
      </Card>

      <Space className="console-form-actions">
        <Button type="primary" htmlType="submit" loading={isLoading} className="console-product-save">
          {text('console.save')}
        </Button>
        <Link to="/products" className="console-product-back">
          {text('console.product.backToList')}
        </Link>
      </Space>
    </Form>
  );
}

/** /admin/products/new and /admin/products/:id (catalogue.write): the product form. */
export default function ProductFormScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const { id = 'new' } = useParams();
  const creating = id === 'new';
  const product = useProductQuery({ token, id }, { skip: creating, refetchOnMountOrArgChange: true });
  const text = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);

  let body;
  if (creating) body = <ProductForm saved={undefined} />;
  else if (product.data && !product.isFetching) body = <ProductForm key={product.data.id} saved={product.data} />;
  else if (product.isError)
    body = (
      <Result
        status="404"
        className="console-product-missing"
        title={failureText(product.error) ?? text('console.product.missing')}
        extra={<Link to="/products">{text('console.product.backToList')}</Link>}
      />
    );
  else body = <Spin className="console-loading" />;

  return (
    <div className="console-product-screen">
      <h2>{creating ? text('console.product.new') : text('console.product.editTitle', { item: product.data?.item_no ?? '' })}</h2>
      {body}
    </div>
  );
}
