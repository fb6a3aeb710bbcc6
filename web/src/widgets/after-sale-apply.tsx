import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Result, Select, Skeleton, Upload } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAfterSaleOptionsQuery, useApplyAfterSaleMutation } from '../api/after-sale-api';
import type { AfterSaleOptionItem, AfterSaleOptions } from '../lib/api-types';
import { useUploadImageMutation } from '../api/upload-api';
import {
  AFTER_SALE_DESCRIPTION_MAX,
  AFTER_SALE_IMAGES_MAX,
  AFTER_SALE_REASONS,
  afterSaleKindKey,
  applyBody,
  applyFieldOf,
  capQuantity,
  RETURN_KINDS,
  saleDetailPath,
  setLineQuantity,
  toggleLine,
  validateApplyImages,
  validateApplyKind,
  validateApplyLines,
  validateApplyReason,
  type ApplyValues,
} from '../lib/after-sale';
import { formatDate } from '../lib/format-date';
import { formRule } from '../lib/form-rules';
import { t } from '../lib/i18n';
import { NoUsableImageError, scaleImageForUpload } from '../lib/image-scale';
import { QuantityStepper } from '../lib/quantity-stepper';
import { readQuantity } from '../lib/quantity';
import { failureText, refusedField } from '../lib/refusal';
import { newRequestId } from '../lib/request-id';
import { toast } from '../lib/toast';
import { useAppSelector } from '../state/hooks';
import { selectLanguage, selectToken } from '../state/session-slice';
import { useSitePath } from './site-path';
import './after-sale-apply.css';

type Lines = Readonly<Record<string, number>>;
const NO_LINES: Lines = {};
const NO_IMAGES: readonly string[] = [];

const specOf = (item: { color: string; size: string }): string => [item.color, item.size].filter((p) => p.trim() !== '').join(' / ');

/**
 * The order's items with what may still be claimed: a box to choose each, and a stepper capped
 * at its `available` pieces. `value`/`onChange` come from a Form.Item (SKU → pieces).
 */
function ItemPicker({ items, value = NO_LINES, onChange, id }: { items: readonly AfterSaleOptionItem[]; value?: Lines; onChange?: (lines: Lines) => void; id?: string }) {
  const intl = useIntl();
  const text = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  return (
    <ul className="apply-items" id={id}>
      {items.map((item) => {
        const chosen = item.sku_id in value;
        const none = item.available < 1;
        const quantity = chosen ? capQuantity(value[item.sku_id]!, item.available) : null;
        return (
          <li key={item.sku_id} className={`apply-item${none ? ' is-none' : ''}`} data-sku={item.sku_id}>
            <Checkbox
              className="apply-item-check"
              checked={chosen}
              disabled={none}
              aria-label={item.title}
              onChange={(event) => onChange?.(toggleLine(value, item.sku_id, event.target.checked, item.available))}
            />
            <img src={item.image} alt={item.title} width={56} height={56} loading="lazy" decoding="async" />
            <span className="apply-item-text">
              <span className="apply-item-title">{item.title}</span>
              <span className="apply-item-meta">
                {text('cart.itemNo', { itemNo: item.item_no })} · {specOf(item)} · {text('catalog.price', { price: item.price })}
              </span>
              <span className="apply-item-available">
                {none ? text('afterSale.apply.noneLeft', { bought: item.bought }) : text('afterSale.apply.available', { available: item.available, bought: item.bought })}
              </span>
            </span>
            {chosen ? (
              <QuantityStepper
                className="apply-item-quantity"
                value={quantity}
                min={1}
                max={item.available}
                label={text('cart.quantity.of', { title: item.title })}
                decreaseLabel={text('cart.quantity.less')}
                increaseLabel={text('cart.quantity.more')}
                onStep={(next) => onChange?.(setLineQuantity(value, item.sku_id, next, item.available))}
                onCommit={(typed) => {
                  const read = readQuantity(typed, item.available);
                  onChange?.(setLineQuantity(value, item.sku_id, read ?? quantity ?? 1, item.available));
                }}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Up to six pictures of the problem, each scaled in the browser (longer side ≤ 800 px, white
 * background, JPEG) and sent to the upload call; the value is the URLs it answered. The files of
 * one pick are sent one after the other (only as many as there is room for); while they are
 * sent, nothing else can be added or removed.
 */
function ImagesUpload({ value = NO_IMAGES, onChange, id }: { value?: readonly string[]; onChange?: (urls: string[]) => void; id?: string }) {
  const intl = useIntl();
  const [upload] = useUploadImageMutation();
  const [busy, setBusy] = useState(false);
  const room = AFTER_SALE_IMAGES_MAX - value.length;

  const send = async (files: readonly File[]) => {
    setBusy(true);
    const urls = [...value];
    for (const file of files) {
      try {
        const scaled = await scaleImageForUpload(file);
        const result = await upload(scaled).unwrap();
        urls.push(result.url);
        onChange?.([...urls]);
      } catch (error) {
        if (error instanceof NoUsableImageError) void toast(intl.formatMessage({ id: 'upload.noImage' }), 'error');
        else if (!(error as { kind?: string }).kind) void toast(intl.formatMessage({ id: 'upload.failed' }), 'error');
        // a refused call has been toasted by the base query
      }
    }
    setBusy(false);
  };

  return (
    <div className="apply-images" id={id}>
      {value.map((url, index) => (
        <span key={url} className="apply-image">
          <img src={url} alt={intl.formatMessage({ id: 'afterSale.image' }, { index: index + 1 })} width={72} height={72} />
          <button
            type="button"
            className="apply-image-remove"
            disabled={busy}
            aria-label={intl.formatMessage({ id: 'afterSale.apply.removeImage' }, { index: index + 1 })}
            onClick={() => onChange?.(value.filter((u) => u !== url))}
          >
            <DeleteOutlined />
          </button>
        </span>
      ))}
      {room > 0 ? (
        <Upload
          accept="image/*"
          multiple
          disabled={busy}
          showUploadList={false}
          className="apply-images-picker"
          beforeUpload={(file, batch) => {
            if (file === batch[0]) void send(batch.slice(0, room));
            return false;
          }}
        >
          <button type="button" className="apply-images-add" disabled={busy}>
            {busy ? <LoadingOutlined /> : <PlusOutlined />}
            <span>{intl.formatMessage({ id: 'afterSale.apply.addImage' })}</span>
          </button>
        </Upload>
      ) : null}
      <span className="apply-images-hint">{intl.formatMessage({ id: 'afterSale.apply.imagesHint' }, { max: AFTER_SALE_IMAGES_MAX, count: value.length })}</span>
    </div>
  );
}

/** The application form for options that allow at least one kind. */
function ApplyForm({ options, onDone, onClose }: { options: AfterSaleOptions; onDone: (id: string) => void; onClose: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<ApplyValues>();
  const [requestId] = useState(() => newRequestId());
  const [apply, applying] = useApplyAfterSaleMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const kind = Form.useWatch('kind', form) ?? options.kinds[0];
  const kindName = (code: string) => {
    const key = afterSaleKindKey(code);
    return key ? text(key) : code;
  };

  const onFinish = async (values: ApplyValues) => {
    setFailure(null);
    try {
      const { after_sale } = await apply(applyBody(options.order_no, options.items, values, requestId)).unwrap();
      void toast(text('afterSale.apply.done'), 'success');
      onDone(after_sale.id);
    } catch (error) {
      const msg = failureText(error) ?? t('error.http.other');
      const field = applyFieldOf(refusedField(error));
      if (field) form.setFields([{ name: field, errors: [msg] }]);
      else setFailure(msg);
    }
  };

  return (
    <Form
      form={form}
      name="after-sale-apply"
      layout="vertical"
      requiredMark={false}
      className="apply-form"
      initialValues={{ kind: options.kinds[0], lines: {}, images: [] }}
      onFinish={(values) => void onFinish(values)}
      scrollToFirstError
    >
      <Form.Item name="kind" label={text('afterSale.kind')} rules={[formRule(intl, validateApplyKind)]}>
        <Radio.Group className="apply-kinds" optionType="button" buttonStyle="solid">
          {options.kinds.map((code) => (
            <Radio.Button key={code} value={code} className={`apply-kind apply-kind-${code}`}>
              {kindName(code)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      {kind && afterSaleKindKey(kind) ? <p className="page-hint apply-kind-hint">{text(`afterSale.kindHint.${kind}`)}</p> : null}
      {options.return_deadline ? (
        <Alert
          className="apply-deadline"
          type={kind && RETURN_KINDS.includes(kind) ? 'warning' : 'info'}
          showIcon
          title={text('afterSale.apply.deadline', { time: formatDate(options.return_deadline) })}
        />
      ) : null}
      <Form.Item name="lines" label={text('afterSale.apply.items')} rules={[formRule(intl, validateApplyLines)]}>
        <ItemPicker items={options.items} />
      </Form.Item>
      <Form.Item name="reason" label={text('afterSale.reason')} rules={[formRule(intl, validateApplyReason)]}>
        <Select
          className="apply-reason"
          virtual={false}
          placeholder={text('validation.afterSale.reasonRequired')}
          classNames={{ popup: { root: 'apply-reason-popup' } }}
          options={AFTER_SALE_REASONS.map((code) => ({ value: code, label: text(`afterSale.reason.${code}`) }))}
        />
      </Form.Item>
      <Form.Item name="description" label={text('afterSale.description')}>
        <Input.TextArea className="apply-description" rows={2} maxLength={AFTER_SALE_DESCRIPTION_MAX} showCount placeholder={text('afterSale.apply.descriptionPlaceholder')} />
      </Form.Item>
      <Form.Item name="images" label={text('afterSale.images')} rules={[formRule(intl, validateApplyImages)]}>
        <ImagesUpload />
      </Form.Item>
      {failure ? <Alert className="apply-error" type="error" showIcon title={failure} /> : null}
      <div className="apply-actions">
        <Button onClick={onClose}>{text('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" className="apply-submit" loading={applying.isLoading}>
          {text('afterSale.apply.submit')}
        </Button>
      </div>
    </Form>
  );
}

/** What the order allows now (asked whenever the dialog opens), then the form or why nothing can be applied for. */
function ApplyBody({ orderNo, onDone, onClose }: { orderNo: string; onDone: (id: string) => void; onClose: () => void }) {
  const intl = useIntl();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const { data, error, isLoading, refetch } = useAfterSaleOptionsQuery({ token, language, order_no: orderNo }, { skip: !token, refetchOnMountOrArgChange: true });
  if (isLoading || (!data && !error)) return <Skeleton active className="apply-loading" paragraph={{ rows: 6 }} />;
  if (!data) {
    return (
      <Result
        className="apply-load-error"
        status="warning"
        title={failureText(error) ?? intl.formatMessage({ id: 'afterSale.loadFailed' })}
        extra={<Button onClick={() => void refetch()}>{intl.formatMessage({ id: 'cart.retry' })}</Button>}
      />
    );
  }
  if (data.kinds.length === 0) return <Result className="apply-none" status="info" title={intl.formatMessage({ id: 'afterSale.apply.none' })} />;
  return <ApplyForm options={data} onDone={onDone} onClose={onClose} />;
}

/**
 * The after-sale application of an order, opened from the order list and the order detail: the
 * kinds `aftersale/options` allows (named), the items with quantities capped at what may still be
 * claimed ('items must be selected for return' when none is chosen), a reason from the common
 * ones and a free description, up to six pictures through the upload call, the 30-day return
 * deadline when there is one. One request id per opening, so a submit sent twice makes one
 * after-sale. A refusal's `data.field` puts its message under that field. Success goes to
 * `/saleDetail?id=…`.
 */
export function AfterSaleApplyDialog({ orderNo, open, onClose }: { orderNo: string; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  const done = (id: string) => {
    onClose();
    void navigate(to(saleDetailPath(id)));
  };
  return (
    <Modal
      open={open}
      className="apply-modal"
      title={intl.formatMessage({ id: 'afterSale.apply.title' }, { orderNo })}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
    >
      {open ? <ApplyBody orderNo={orderNo} onDone={done} onClose={onClose} /> : null}
    </Modal>
  );
}
