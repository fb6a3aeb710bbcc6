import { Button, Form, Input, Modal, Radio, Select, type FormInstance } from 'antd';
import { useIntl } from 'react-intl';
import { useSaveListingShopMutation } from '../api/listing-shops-api';
import type { ListingShop, ListingShops } from '../lib/api-types';
import { formRule } from '../lib/form-rules';
import {
  isForeignPlatform,
  LISTING_PLATFORMS,
  LISTING_ROUNDINGS,
  listedPrice,
  packagesReady,
  platformCurrencies,
  platformKey,
  roundUp,
  ruleOf,
  SHOP_FIELDS,
  SHOP_NAME_MAX,
  shopBody,
  shopFormValues,
  TITLE_AFFIX_MAX,
  validateMultiplier,
  validateRounding,
  validateRuleAmount,
  validateShopCurrency,
  validateShopName,
  validateShopPlatform,
  validateStockCap,
  validateTitleAffix,
  type ShopFormValues,
} from '../lib/listing';
import { fenToYuan } from '../lib/money';
import { toast } from '../lib/toast';
import { showRefusal } from './form-refusal';
import './listing.css';

/** The cost the form's examples are worked out for: ¥34.20. */
const EXAMPLE_COST_FEN = 3420;

const countChars = (text: string) => [...text].length;

/** What the rule being typed lists a ¥34.20 SKU at (`.listing-rule-example`); nothing while a value is refused. */
function RuleExample({ form }: { form: FormInstance<ShopFormValues> }) {
  const intl = useIntl();
  const values: ShopFormValues = {
    multiplier: Form.useWatch('multiplier', form),
    fixed_add: Form.useWatch('fixed_add', form),
    rounding: Form.useWatch('rounding', form),
    min_margin: Form.useWatch('min_margin', form),
  };
  const rule = ruleOf(values);
  if (!rule) return null;
  const { price, margin } = listedPrice(rule, EXAMPLE_COST_FEN);
  return (
    <p className="listing-rule-example">
      {intl.formatMessage({ id: 'listing.rule.example' }, { cost: fenToYuan(EXAMPLE_COST_FEN), price: fenToYuan(price), margin: fenToYuan(margin) })}
    </p>
  );
}

/**
 * Adds one of the seller's shops, or changes `shop` (`.listing-shop-modal`): the platform (every
 * one is offered; one whose packages the server cannot build yet says so), the name, on Shopee,
 * Lazada and TikTok Shop the shop's currency (`.listing-shop-currency`, one of the platform's,
 * required; another platform chosen keeps it only when that one has it too), and the
 * pricing rule: multiplier, fixed amount added, rounding (each with what it does to ¥34.20),
 * minimum margin, title prefix and suffix, stock cap, with what the rule lists ¥34.20 at. Checked
 * in the page with listing/shop_save's limits; a refusal shows under the field its `data.field`
 * names, else as a toast. `onSaved` gets the shop as the server kept it.
 */
export function ShopFormDialog({
  open,
  shop,
  platforms,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null adds one. */
  shop: ListingShop | null;
  platforms: ListingShops['platforms'] | undefined;
  onClose: () => void;
  onSaved?: (shop: ListingShop) => void;
}) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<ShopFormValues>();
  const [save, saving] = useSaveListingShopMutation();
  const start = shopFormValues(shop);
  const platform = (Form.useWatch('platform', form) as string | null | undefined) ?? start.platform;
  const currencies = platformCurrencies(platforms, platform);

  // another platform: its currencies may not have the one chosen (its only one is chosen for the seller)
  const onValuesChange = (changed: ShopFormValues) => {
    if (!('platform' in changed)) return;
    const offered = platformCurrencies(platforms, changed.platform);
    const chosen = form.getFieldValue('currency') as string | null | undefined;
    if (!chosen || !offered.includes(chosen)) form.setFieldValue('currency', offered.length === 1 ? offered[0] : undefined);
  };

  const onFinish = async (values: ShopFormValues) => {
    const body = shopBody(values, shop?.id);
    if (!body) return;
    try {
      const saved = await save(body).unwrap();
      void toast(text('listing.shop.saved'), 'success');
      onSaved?.(saved);
      onClose();
    } catch (error) {
      // the currency is a field of the form only on the platforms that have one
      showRefusal(form, error, isForeignPlatform(values.platform) ? SHOP_FIELDS : SHOP_FIELDS.filter((f) => f !== 'currency'));
    }
  };

  return (
    <Modal
      open={open}
      className="listing-shop-modal"
      title={text(shop ? 'listing.shop.edit.title' : 'listing.shop.add')}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <>
          <Button onClick={onClose}>{text('common.cancel')}</Button>
          <Button type="primary" className="listing-shop-submit" loading={saving.isLoading} onClick={() => form.submit()}>
            {text('listing.shop.save')}
          </Button>
        </>
      }
    >
      <Form
        key={shop?.id ?? 'new'}
        form={form}
        name="listing-shop"
        layout="vertical"
        requiredMark={false}
        className="listing-shop-form"
        initialValues={start}
        clearOnDestroy
        onValuesChange={onValuesChange}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="platform" label={text('listing.shop.platform')} rules={[formRule(intl, validateShopPlatform)]}>
          <Radio.Group className="listing-shop-platforms">
            {LISTING_PLATFORMS.map((code) => (
              <Radio key={code} value={code} className={`listing-shop-platform-${code}`}>
                {text(platformKey(code)!)}
                {platforms && !packagesReady(platforms, code) ? <span className="listing-hint"> {text('listing.package.comingShort')}</span> : null}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {isForeignPlatform(platform) ? (
          <Form.Item
            name="currency"
            label={text('listing.shop.currency')}
            rules={[formRule(intl, (value: string | null | undefined) => validateShopCurrency(platform, value, currencies))]}
            extra={text('listing.shop.currency.hint')}
          >
            <Select
              className="listing-shop-currency"
              classNames={{ popup: { root: 'listing-shop-currency-popup' } }}
              virtual={false}
              placeholder={text('listing.shop.currency.placeholder')}
              options={currencies.map((code) => ({ value: code, label: code }))}
              style={{ maxWidth: 240 }}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="name" label={text('listing.shop.name')} rules={[formRule(intl, validateShopName)]}>
          <Input
            className="listing-shop-name-input"
            autoFocus
            count={{ show: true, max: SHOP_NAME_MAX, strategy: countChars }}
            placeholder={text('listing.shop.name.placeholder')}
          />
        </Form.Item>
        <div className="listing-form-row">
          <Form.Item name="multiplier" label={text('listing.rule.multiplier')} rules={[formRule(intl, validateMultiplier)]} extra={text('listing.rule.multiplier.hint')}>
            <Input className="listing-multiplier-input" inputMode="decimal" prefix="×" maxLength={8} />
          </Form.Item>
          <Form.Item name="fixed_add" label={text('listing.rule.fixedAdd')} rules={[formRule(intl, validateRuleAmount)]} extra={text('listing.rule.amount.hint')}>
            <Input className="listing-fixed-add-input" inputMode="decimal" prefix="¥" maxLength={10} />
          </Form.Item>
        </div>
        <Form.Item name="rounding" label={text('listing.rule.rounding')} rules={[formRule(intl, validateRounding)]}>
          <Radio.Group className="listing-roundings">
            {LISTING_ROUNDINGS.map((code) => (
              <Radio key={code} value={code} className={`listing-rounding-${code}`}>
                {text(`listing.rounding.${code}`)}
                <span className="listing-hint listing-rounding-example">
                  {' '}
                  {text('listing.rounding.example', { from: fenToYuan(EXAMPLE_COST_FEN), to: fenToYuan(roundUp(EXAMPLE_COST_FEN, code)) })}
                </span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <div className="listing-form-row">
          <Form.Item name="min_margin" label={text('listing.rule.minMargin')} rules={[formRule(intl, validateRuleAmount)]} extra={text('listing.rule.minMargin.hint')}>
            <Input className="listing-min-margin-input" inputMode="decimal" prefix="¥" maxLength={10} />
          </Form.Item>
          <Form.Item name="stock_cap" label={text('listing.rule.stockCap')} rules={[formRule(intl, validateStockCap)]} extra={text('listing.rule.stockCap.hint')}>
            <Input className="listing-stock-cap-input" inputMode="numeric" maxLength={6} placeholder={text('listing.rule.stockCap.none')} />
          </Form.Item>
        </div>
        <div className="listing-form-row">
          <Form.Item name="title_prefix" label={text('listing.rule.titlePrefix')} rules={[formRule(intl, validateTitleAffix)]}>
            <Input className="listing-title-prefix-input" count={{ show: true, max: TITLE_AFFIX_MAX, strategy: countChars }} />
          </Form.Item>
          <Form.Item name="title_suffix" label={text('listing.rule.titleSuffix')} rules={[formRule(intl, validateTitleAffix)]}>
            <Input className="listing-title-suffix-input" count={{ show: true, max: TITLE_AFFIX_MAX, strategy: countChars }} />
          </Form.Item>
        </div>
        <RuleExample form={form} />
      </Form>
    </Modal>
  );
}
