import { Alert, Button, Card, Checkbox, Form, Input, Modal, Radio, Result, Select, Skeleton, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useAddressesQuery } from '../../api/address-book-api';
import { useForwardSettingsQuery } from '../../api/forward-settings-api';
import type { Address, ForwardSettings } from '../../lib/api-types';
import type { OrderPreview, OrderSource, PreviewLine, PriceRise } from './types';
import { useAppSelector } from '../../state/hooks';
import { LoginRequired } from '../../widgets/login-required';
import { RegionPicker } from '../../widgets/region-picker';
import { selectSession, selectToken } from '../../state/session-slice';
import { PhoneActionBar, usePhone } from '../../widgets/phone-action-bar';
import { useSitePath } from '../../widgets/site-path';
import { fullAddress, validateDetail, validatePhone, validateRecipient, validateRegion } from '../../lib/address';
import { formRule } from '../../lib/form-rules';
import { t } from '../../lib/i18n';
import { failureText, refusedField } from '../../lib/refusal';
import { newRequestId } from '../../lib/request-id';
import { courierKey, isZeroYuan, qcLevelKey } from '../../lib/shipping';
import { toast } from '../../lib/toast';
import { bestChoice, keepUsable, sameChoice } from './coupon-choice';
import { AppliedCoupons, CouponPicker } from './coupon-picker';
import { LabelUpload } from './label-upload';
import { useOrderPreviewQuery, useSubmitOrderMutation } from './order-api';
import {
  checkoutFieldOf,
  ORDER_TYPES,
  PLATFORMS,
  platformKey,
  previewRequest,
  REMARK_MAX,
  SOURCE_ORDER_NO_MAX,
  submitRequest,
  validateAddressChoice,
  validateLabelFile,
  validateOrderCourier,
  validatePlatform,
  validateSourceOrderNo,
  valueAddedKey,
  visibleFields,
  type CheckoutValues,
  type LineBody,
} from './order-logic';
import { FeeBreakdown, orderPayPath, specOf, Yuan } from './order-parts';
import { RecipientPaste } from './recipient-paste';

const NO_LINES: readonly LineBody[] = [];
const NO_COUPONS: readonly string[] = [];
/**
 * The picker cannot hold a wrong choice (one per type, from the usable list), so its rule passes;
 * having one makes a change of choice clear a refusal's message, as on the other fields.
 */
const CHECKED_ON_CHANGE = { validator: async () => undefined };

/** The form's first values: the default address when there is one, the settings' courier, QC level and remark. */
function initialValues(settings: ForwardSettings, addresses: readonly Address[]): CheckoutValues {
  const chosen = addresses.find((a) => a.is_default) ?? addresses[0];
  return {
    type: 'domestic',
    address_mode: chosen ? 'saved' : 'new',
    address_id: chosen?.id ?? null,
    courier: settings.courier,
    qc_level: settings.qc_level,
    value_added: [],
    remark: settings.remark_template,
  };
}

/** The lines of a cart order, as the preview priced them today. */
function PreviewLines({ lines }: { lines: readonly PreviewLine[] }) {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <ul className="checkout-lines">
      {lines.map((line) => (
        <li key={line.sku_id} className="checkout-line" data-sku={line.sku_id}>
          <img src={line.image} alt={line.title} width={64} height={64} loading="lazy" decoding="async" />
          <span className="checkout-line-text">
            <Link to={to(`/goodsDetail?id=${encodeURIComponent(line.product_id)}`)} className="checkout-line-title">
              {line.title}
            </Link>
            <span className="checkout-line-meta">
              <span translate="no">{line.stall_name}</span> · {intl.formatMessage({ id: 'cart.itemNo' }, { itemNo: line.item_no })} ·{' '}
              <span className="checkout-line-spec">{specOf(line)}</span>
            </span>
            {line.quantity > line.stock ? (
              <span className="checkout-line-short">{intl.formatMessage({ id: 'cart.stock.short' }, { stock: line.stock })}</span>
            ) : null}
          </span>
          <span className="checkout-line-price">
            <Yuan value={line.price} /> × <span className="checkout-line-quantity">{line.quantity}</span>
          </span>
          <Yuan value={line.amount} className="checkout-line-amount" />
        </li>
      ))}
    </ul>
  );
}

/**
 * Cart lines that cost more than when they were added (`.checkout-price-rise-list`): each line's
 * title and colour / size (`.checkout-price-rise-item`; the SKU when the preview does not list it)
 * and '涨价 ¥45.90 → ¥49.90' (`.checkout-price-rise-change`).
 */
function PriceRiseList({ rises, lines }: { rises: readonly PriceRise[]; lines: readonly PreviewLine[] }) {
  const intl = useIntl();
  return (
    <ul className="checkout-price-rise-list">
      {rises.map((rise) => {
        const line = lines.find((l) => l.sku_id === rise.sku_id);
        return (
          <li key={rise.sku_id} className="checkout-price-rise" data-sku={rise.sku_id}>
            <span className="checkout-price-rise-item">{line ? [line.title, specOf(line)].filter(Boolean).join(' ') : rise.sku_id}</span>{' '}
            <span className="checkout-price-rise-change">{intl.formatMessage({ id: 'cart.price.up' }, { from: rise.from, to: rise.to })}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The rises a cart order waits on (none for manual entry, or before the preview). */
const risesOf = (source: OrderSource, preview: OrderPreview | undefined): readonly PriceRise[] => (source === 'cart' ? (preview?.price_rises ?? []) : []);

/**
 * Where the parcel goes: a saved or typed address in China, or a platform order with its label.
 * A typed address can start from a pasted recipient; the region picker then opens on the
 * recognised region.
 */
function DestinationFields({ addresses, type, mode }: { addresses: readonly Address[]; type: string; mode: string | undefined }) {
  const intl = useIntl();
  const to = useSitePath();
  const text = (id: string) => intl.formatMessage({ id });
  const [pastedRegion, setPastedRegion] = useState<string[] | null>(null);
  return (
    <Card className="checkout-card checkout-destination" title={text('order.destination')}>
      <Form.Item name="type">
        <Radio.Group className="checkout-type" optionType="button" buttonStyle="solid">
          {ORDER_TYPES.map((type) => (
            <Radio.Button key={type} value={type} className={`checkout-type-${type}`}>
              {text(`order.type.${type}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      {type === 'platform' ? (
        <>
          <Form.Item name="platform" label={text('order.platform')} rules={[formRule(intl, validatePlatform)]}>
            <Select
              className="checkout-platform"
              virtual={false}
              placeholder={text('validation.platform.required')}
              classNames={{ popup: { root: 'checkout-platform-popup' } }}
              options={PLATFORMS.map((p) => ({ value: p, label: text(platformKey(p)!) }))}
            />
          </Form.Item>
          <Form.Item name="source_order_no" label={text('order.sourceOrderNo')} rules={[formRule(intl, validateSourceOrderNo)]}>
            <Input maxLength={SOURCE_ORDER_NO_MAX} autoComplete="off" placeholder={text('validation.sourceOrderNo.required')} />
          </Form.Item>
          <Form.Item name="label_file" label={text('order.labelFile')} rules={[formRule(intl, validateLabelFile)]}>
            <LabelUpload />
          </Form.Item>
        </>
      ) : (
        <>
          {addresses.length > 0 ? (
            <Form.Item name="address_mode">
              <Radio.Group className="checkout-address-mode">
                <Radio value="saved" className="checkout-address-saved">
                  {text('order.address.saved')}
                </Radio>
                <Radio value="new" className="checkout-address-new">
                  {text('order.address.new')}
                </Radio>
              </Radio.Group>
            </Form.Item>
          ) : (
            <p className="page-hint checkout-no-address">
              {text('order.address.none')}{' '}
              <Link to={to('/addressCollect')}>{text('route.addressCollect')}</Link>
            </p>
          )}
          {mode === 'saved' && addresses.length > 0 ? (
            <Form.Item name="address_id" rules={[formRule(intl, validateAddressChoice)]}>
              <Radio.Group className="checkout-addresses">
                {addresses.map((a) => (
                  <Radio key={a.id} value={a.id} className={`checkout-address checkout-address-${a.id}`}>
                    <span className="checkout-address-who" translate="no">
                      {a.recipient} {a.phone}
                    </span>
                    {a.is_default ? <Tag color="red">{text('address.default')}</Tag> : null}
                    <span className="checkout-address-where" translate="no">{fullAddress(a)}</span>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          ) : (
            <div className="checkout-typed-address">
              <RecipientPaste onRegion={(names) => setPastedRegion(names.length > 0 ? names : null)} />
              <div className="checkout-row">
                <Form.Item name="recipient" label={text('address.recipient')} rules={[formRule(intl, validateRecipient)]}>
                  <Input maxLength={30} autoComplete="name" placeholder={text('validation.address.recipientRequired')} />
                </Form.Item>
                <Form.Item name="phone" label={text('address.phone')} rules={[formRule(intl, validatePhone)]}>
                  <Input maxLength={32} inputMode="tel" autoComplete="tel" placeholder={text('validation.address.phoneRequired')} />
                </Form.Item>
              </div>
              <Form.Item name="region" label={text('address.region')} rules={[formRule(intl, validateRegion)]}>
                <RegionPicker saved={pastedRegion} placeholder={text('address.region.placeholder')} popupClassName="checkout-region-popup" />
              </Form.Item>
              <Form.Item name="detail" label={text('address.detail')} rules={[formRule(intl, validateDetail)]}>
                <Input.TextArea maxLength={120} autoSize={{ minRows: 2, maxRows: 4 }} placeholder={text('address.detail.placeholder')} />
              </Form.Item>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

/** Courier, quality inspection and value-added services with the fees the server lists, and the remark. */
function OptionFields({ tables }: { tables: Pick<OrderPreview, 'couriers' | 'qc_levels' | 'value_added_services'> }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const name = (key: string | null, code: string) => (key ? text(key) : code);
  const qcLevels = tables.qc_levels.some((q) => q.code === 'none') ? tables.qc_levels : [{ code: 'none', per_item: '0.00' }, ...tables.qc_levels];
  return (
    <Card className="checkout-card checkout-options" title={text('order.options')}>
      <Form.Item name="courier" label={text('order.courier')} rules={[formRule(intl, validateOrderCourier)]}>
        <Select
          className="checkout-courier"
          virtual={false}
          classNames={{ popup: { root: 'checkout-courier-popup' } }}
          options={tables.couriers.map((c) => ({
            value: c.code,
            label: (
              <span className="checkout-courier-option" data-code={c.code}>
                {name(courierKey(c.code), c.code)} <span className="checkout-fee">{text('forward.courier.fee', { first: c.first, extra: c.extra })}</span>
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item name="qc_level" label={text('order.qcLevel')}>
        <Radio.Group className="checkout-qc">
          {qcLevels.map((q) => (
            <Radio key={q.code} value={q.code} className={`checkout-qc-${q.code}`}>
              {name(qcLevelKey(q.code), q.code)}
              <span className="checkout-fee">{isZeroYuan(q.per_item) ? text('forward.qc.free') : text('forward.qc.fee', { fee: q.per_item })}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {tables.value_added_services.length > 0 ? (
        <Form.Item name="value_added" label={text('order.valueAdded')}>
          <Checkbox.Group className="checkout-value-added">
            {tables.value_added_services.map((v) => (
              <Checkbox key={v.code} value={v.code} className={`checkout-va-${v.code}`}>
                {name(valueAddedKey(v.code), v.code)}
                <span className="checkout-fee">{text('forward.qc.fee', { fee: v.per_item })}</span>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
      ) : null}
      <Form.Item name="remark" label={text('order.remark')}>
        <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount placeholder={text('forward.remarkTemplate.placeholder')} />
      </Form.Item>
    </Card>
  );
}

/**
 * What checkout and manual entry share: the destination, courier, QC level, value-added
 * services and remark (starting from the drop-shipping settings), the server's preview of the
 * fees (asked again whenever the lines or an option change), and submit. One request id per visit
 * of the screen, so a submit sent twice places one order. A placed order goes to its payment.
 * Cart lines that cost more than when added (the preview's `price_rises`) show above the lines, and
 * submit first asks to confirm them (`.checkout-price-confirm`), then sends `accept_price_rises`; a
 * submit refused because prices rose meanwhile (422 on `lines`) asks the preview again and, when it
 * lists rises, the same confirmation. A fall needs nothing. On a phone the total and submit are in
 * the bar fixed to the bottom of the screen (`.checkout-action-bar`); a wrong field is scrolled to
 * the middle of the screen, clear of the bar, and a refusal shown above the fees is scrolled to.
 */
export function CheckoutForm({
  source,
  lines = NO_LINES,
  settings,
  addresses,
}: {
  source: OrderSource;
  /** Manual entry's lines (a cart order takes the cart's selected lines). */
  lines?: readonly LineBody[];
  settings: ForwardSettings;
  addresses: readonly Address[];
}) {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  const { token, language } = useAppSelector(selectSession);
  const [form] = Form.useForm<CheckoutValues>();
  const [requestId] = useState(() => newRequestId());
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submit, submitting] = useSubmitOrderMutation();
  const [initial] = useState(() => initialValues(settings, addresses));
  const [modal, modalHolder] = Modal.useModal();
  const phone = usePhone();
  const submitErrorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // from the bar at the bottom of a phone the refusal above the fees is out of sight
    if (phone && submitError) submitErrorRef.current?.scrollIntoView?.({ block: 'center' });
  }, [phone, submitError]);

  const type = Form.useWatch('type', form) ?? initial.type;
  const mode = Form.useWatch('address_mode', form) ?? initial.address_mode;
  const courier = Form.useWatch('courier', form) ?? initial.courier;
  const qcLevel = Form.useWatch('qc_level', form) ?? initial.qc_level;
  const valueAdded = Form.useWatch('value_added', form) ?? initial.value_added;
  const couponIds = Form.useWatch('coupon_ids', form) ?? NO_COUPONS;

  const request = useMemo(
    () => previewRequest(source, lines, { type, courier, qc_level: qcLevel, value_added: valueAdded, coupon_ids: couponIds }),
    [source, lines, type, courier, qcLevel, valueAdded, couponIds],
  );
  const empty = source === 'manual' && lines.length === 0;
  const {
    data: preview,
    currentData,
    error,
    isFetching,
    refetch,
  } = useOrderPreviewQuery({ token, language, request }, { skip: empty, refetchOnMountOrArgChange: true });
  // a refused coupon is shown on the picker (and the choice dropped), not as a failed preview
  const couponRefused = refusedField(error) === 'coupon_ids';
  const previewFailure = error && !couponRefused ? (failureText(error) ?? t('error.http.other')) : null;

  // Until the seller picks a coupon by hand, each type's best (the most off this order) is chosen,
  // and chosen again when lines or options change what is best. Once picked by hand, a change of
  // lines or options can still take a chosen coupon out of reach: only what this request's preview
  // still lists as usable is kept. A preview that refuses the coupons drops them all.
  const couponsByHand = useRef(false);
  const usable = currentData?.coupons?.usable;
  useEffect(() => {
    if (!usable) return;
    const next = couponsByHand.current ? keepUsable(couponIds, usable) : bestChoice(usable);
    // setFields without `errors` keeps a refusal's message on the picker (setFieldValue would clear it)
    if (!sameChoice(next, couponIds)) form.setFields([{ name: 'coupon_ids', value: next }]);
  }, [usable, couponIds, form]);
  const couponFailure = couponRefused ? (failureText(error) ?? t('error.http.other')) : null;
  useEffect(() => {
    if (!couponFailure) return;
    // a refused coupon ends the automatic choice (it would choose the refused one again): the seller chooses
    couponsByHand.current = true;
    form.setFields([{ name: 'coupon_ids', value: [], errors: [couponFailure] }]);
  }, [couponFailure, form]);
  const tables = preview ?? { couriers: settings.couriers, qc_levels: settings.qc_levels, value_added_services: [] };

  const failureAlert = previewFailure ? (
    <Alert
      className="checkout-preview-error"
      type="warning"
      showIcon
      title={previewFailure}
      action={
        source === 'cart' ? (
          <Link to={to('/cart')} className="checkout-back-to-cart">
            {intl.formatMessage({ id: 'order.backToCart' })}
          </Link>
        ) : undefined
      }
    />
  ) : null;

  const place = async (values: CheckoutValues, acceptRises: boolean) => {
    setSubmitError(null);
    try {
      const request = submitRequest(source, lines, { ...initial, ...values }, requestId);
      const { order } = await submit(acceptRises ? { ...request, accept_price_rises: true } : request).unwrap();
      void toast(intl.formatMessage({ id: 'order.placed' }), 'success');
      void navigate(to(orderPayPath(order.order_no)), { replace: true });
    } catch (failure) {
      const msg = failureText(failure) ?? t('error.http.other');
      const refused = refusedField(failure);
      if (source === 'cart' && !acceptRises && refused === 'lines') {
        // a price rose between the preview and the submit (order.prices_rose): show today's rises and ask
        const again = await refetch();
        const fresh = again.isSuccess ? again.data : undefined;
        if (fresh && risesOf(source, fresh).length > 0) {
          confirmRises(values, fresh);
          return;
        }
      }
      const field = checkoutFieldOf(refused);
      if (field === 'coupon_ids') {
        // a coupon used meanwhile (or no longer valid): shown on the picker; the usable list is asked again
        form.setFields([{ name: field, errors: [msg] }]);
        couponsByHand.current = true;
        if (!empty) void refetch();
      } else if (field && visibleFields({ ...initial, ...values }).includes(field)) form.setFields([{ name: field, errors: [msg] }]);
      else {
        setSubmitError(msg);
        void toast(msg, 'error');
      }
    }
  };

  /** Asks to order at the risen prices `shown` lists; confirming submits with `accept_price_rises`. */
  function confirmRises(values: CheckoutValues, shown: OrderPreview) {
    void modal.confirm({
      className: 'checkout-price-confirm',
      title: intl.formatMessage({ id: 'order.priceRises.confirmTitle' }),
      content: <PriceRiseList rises={risesOf(source, shown)} lines={shown.lines} />,
      width: 520,
      okText: intl.formatMessage({ id: 'order.priceRises.confirmOk' }),
      okButtonProps: { className: 'checkout-price-confirm-ok' },
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
      cancelButtonProps: { className: 'checkout-price-confirm-cancel' },
      onOk: () => place(values, true),
    });
  }

  const onFinish = (values: CheckoutValues) => {
    if (preview && risesOf(source, preview).length > 0) confirmRises(values, preview);
    else void place(values, false);
  };
  const rises = risesOf(source, preview);
  const submitButton = (
    <Button type="primary" size="large" htmlType="submit" className="checkout-submit" loading={submitting.isLoading} disabled={empty}>
      {intl.formatMessage({ id: 'order.submit' })}
    </Button>
  );

  return (
    <>
      <Form
        form={form}
        name="checkout"
        layout="vertical"
        requiredMark={false}
        className="checkout-form"
        initialValues={initial}
        onFinish={onFinish}
        // only the seller's own changes fire this (not setFields): a coupon picked by hand stays picked
        onValuesChange={(changed: Partial<CheckoutValues>) => {
          if ('coupon_ids' in changed) couponsByHand.current = true;
        }}
        scrollToFirstError={phone ? { block: 'center', scrollMode: 'always' } : true}
      >
        {source === 'cart' ? (
          <Card className="checkout-card checkout-goods" title={intl.formatMessage({ id: 'order.goods' })}>
            {preview && rises.length > 0 ? (
              <Alert
                className="checkout-price-rises"
                type="warning"
                showIcon
                title={intl.formatMessage({ id: 'order.priceRises' }, { count: rises.length })}
                description={<PriceRiseList rises={rises} lines={preview.lines} />}
              />
            ) : null}
            {preview ? <PreviewLines lines={preview.lines} /> : !previewFailure ? <Skeleton active avatar={{ shape: 'square', size: 64 }} paragraph={{ rows: 1 }} /> : null}
            {failureAlert}
          </Card>
        ) : null}
        <DestinationFields addresses={addresses} type={type} mode={mode} />
        <OptionFields tables={tables} />
        <Card className="checkout-card checkout-coupons" title={intl.formatMessage({ id: 'checkout.coupon.title' })}>
          <Form.Item name="coupon_ids" className="checkout-coupon-field" rules={[CHECKED_ON_CHANGE]}>
            <CouponPicker usable={empty ? [] : (preview?.coupons?.usable ?? [])} unusable={empty ? [] : (preview?.coupons?.unusable ?? [])} disabled={!preview || empty} />
          </Form.Item>
        </Card>
        <Card className="checkout-card checkout-summary" title={intl.formatMessage({ id: 'order.fees' })}>
          {preview && !empty ? (
            <div className={`checkout-fees-wrap${isFetching ? ' is-refreshing' : ''}`} aria-busy={isFetching}>
              <FeeBreakdown fees={preview.fees} className="checkout-fees" />
              <AppliedCoupons applied={preview.coupons?.applied ?? []} />
              <p className="checkout-items">{intl.formatMessage({ id: 'order.items' }, { count: preview.items })}</p>
              <p className="checkout-balance">
                {intl.formatMessage({ id: 'order.balance' })} <Yuan value={preview.balance} />
              </p>
            </div>
          ) : empty ? (
            <p className="page-hint checkout-empty">{intl.formatMessage({ id: 'order.manual.empty' })}</p>
          ) : !previewFailure ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : null}
          {source === 'manual' ? failureAlert : null}
          {submitError ? (
            <div ref={submitErrorRef} className="checkout-submit-error-wrap">
              <Alert className="checkout-submit-error" type="error" showIcon title={submitError} />
            </div>
          ) : null}
          {phone ? (
            <PhoneActionBar className="checkout-action-bar">
              <span className={`checkout-action-bar-total${isFetching ? ' is-refreshing' : ''}`}>
                <span className="checkout-action-bar-label">{intl.formatMessage({ id: 'order.fee.total' })}</span>
                {preview && !empty ? <Yuan value={preview.fees.total} className="order-total" /> : <span className="order-total">-</span>}
              </span>
              {submitButton}
            </PhoneActionBar>
          ) : (
            <div className="checkout-submit-row">{submitButton}</div>
          )}
        </Card>
      </Form>
      {modalHolder}
    </>
  );
}

/**
 * What checkout starts from: the drop-shipping settings (courier, QC level, remark) and the
 * address book, both asked again whenever a checkout screen opens. Renders `children` with them.
 */
export function CheckoutDefaults({ children }: { children: (settings: ForwardSettings, addresses: readonly Address[]) => ReactNode }) {
  const intl = useIntl();
  const token = useAppSelector(selectToken);
  const settings = useForwardSettingsQuery({ token }, { skip: !token, refetchOnMountOrArgChange: true });
  const addresses = useAddressesQuery({ token }, { skip: !token, refetchOnMountOrArgChange: true });
  if (!token) return <LoginRequired />;
  if (settings.data && addresses.data) return <>{children(settings.data, addresses.data)}</>;
  if (settings.isError || addresses.isError) {
    return (
      <Result
        className="checkout-load-error"
        status="warning"
        title={intl.formatMessage({ id: 'order.loadFailed' })}
        extra={
          <Button
            onClick={() => {
              void settings.refetch();
              void addresses.refetch();
            }}
          >
            {intl.formatMessage({ id: 'cart.retry' })}
          </Button>
        }
      />
    );
  }
  return <Skeleton active className="checkout-skeleton" paragraph={{ rows: 8 }} />;
}
