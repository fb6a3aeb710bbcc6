import { Button, Empty, Form, Input, Result, Select, Skeleton, Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { formRule } from '../../lib/form-rules';
import { t } from '../../lib/i18n';
import { failureText, refusedField } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../state/hooks';
import { selectToken } from '../../state/session-slice';
import { usePlatformRatesQuery, useSavePlatformRatesMutation, type PlatformRate } from './forward-api';
import {
  currencyOf,
  RATE_PLATFORMS,
  rateFieldOf,
  ratePlatformKey,
  ratesAfter,
  ratesWithout,
  removesRate,
  validateRate,
  validateRateCurrency,
  validateRatePlatform,
  type RateFormValues,
  type RateInput,
} from './forward-logic';

/**
 * The seller's shop exchange rates (`.forward-rates`): yuan for one unit of each platform shop's
 * currency, which a foreign-currency platform export's margins are shown in yuan at (and only at).
 * One `.forward-rate-row` per rate (`data-platform`, `data-currency`) with `.forward-rate-edit`
 * (fills the form) and `.forward-rate-remove`; the form (`.forward-rate-form`: platform, ISO currency
 * code, rate) adds or changes one, and a rate of '' or 0 removes it. forward/platform_rates/save
 * replaces the whole set, so each change sends the others too. A refusal naming a field of the form
 * shows there, any other as a toast.
 */
export function PlatformRates() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const token = useAppSelector(selectToken);
  const { data, isLoading, isError, refetch } = usePlatformRatesQuery({ token }, { skip: !token, refetchOnMountOrArgChange: true });
  const [save, saving] = useSavePlatformRatesMutation();
  const [form] = Form.useForm<RateFormValues>();
  const rates = data?.rates ?? [];
  const platformName = (code: string) => {
    const key = ratePlatformKey(code);
    return key ? text(key) : code;
  };

  const send = async (next: RateInput[], done: string): Promise<boolean> => {
    try {
      await save({ rates: next }).unwrap();
      void toast(text(done), 'success');
      return true;
    } catch (error) {
      const msg = failureText(error) ?? t('error.http.other');
      const field = rateFieldOf(refusedField(error));
      if (field) form.setFields([{ name: field, errors: [msg] }]);
      else void toast(msg, 'error');
      return false;
    }
  };
  const onFinish = async (values: RateFormValues) => {
    const removing = removesRate(values.rate);
    if (await send(ratesAfter(rates, values), removing ? 'forward.rates.removed' : 'forward.rates.saved')) {
      form.resetFields(['currency', 'rate']);
    }
  };
  const edit = (rate: PlatformRate) => form.setFieldsValue({ platform: rate.platform, currency: rate.currency, rate: rate.rate });

  return (
    <section className="forward-rates">
      <h2 className="forward-rates-title">{text('forward.rates.title')}</h2>
      <p className="page-hint forward-rates-hint">{text('forward.rates.hint')}</p>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : isError ? (
        <Result
          className="forward-rates-error"
          status="warning"
          title={text('forward.rates.loadFailed')}
          extra={<Button onClick={() => void refetch()}>{text('forward.retry')}</Button>}
        />
      ) : (
        <Table<PlatformRate>
          className="forward-rates-table"
          size="small"
          rowKey={(rate) => `${rate.platform}|${rate.currency}`}
          pagination={false}
          dataSource={rates}
          locale={{ emptyText: <Empty className="forward-rates-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('forward.rates.empty')} /> }}
          onRow={(rate) => ({ className: 'forward-rate-row', 'data-platform': rate.platform, 'data-currency': rate.currency }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'platform', title: text('order.platform'), className: 'forward-rate-platform', render: (_, rate) => platformName(rate.platform) },
            { key: 'currency', title: text('forward.rates.currency'), className: 'forward-rate-currency', dataIndex: 'currency' },
            {
              key: 'rate',
              title: text('forward.rates.rate'),
              className: 'forward-rate-value',
              render: (_, rate) => text('forward.rates.value', { currency: rate.currency, rate: rate.rate }),
            },
            {
              key: 'actions',
              render: (_, rate) => (
                <>
                  <Button size="small" type="link" className="forward-rate-edit" onClick={() => edit(rate)}>
                    {text('forward.rates.edit')}
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    danger
                    className="forward-rate-remove"
                    disabled={saving.isLoading}
                    onClick={() => void send(ratesWithout(rates, rate), 'forward.rates.removed')}
                  >
                    {text('forward.rates.remove')}
                  </Button>
                </>
              ),
            },
          ]}
        />
      )}
      <Form
        form={form}
        name="forward-rate"
        layout="inline"
        requiredMark={false}
        className="forward-rate-form"
        initialValues={{ platform: RATE_PLATFORMS[2], currency: '', rate: '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="platform" label={text('order.platform')} rules={[formRule(intl, validateRatePlatform)]}>
          <Select
            className="forward-rate-platform-select"
            style={{ minWidth: 120 }}
            virtual={false}
            classNames={{ popup: { root: 'forward-rate-platform-popup' } }}
            options={RATE_PLATFORMS.map((code) => ({ value: code, label: platformName(code) }))}
          />
        </Form.Item>
        <Form.Item
          name="currency"
          label={text('forward.rates.currency')}
          rules={[formRule(intl, validateRateCurrency)]}
          normalize={(value: string) => currencyOf(value)}
        >
          <Input className="forward-rate-currency-input" maxLength={3} style={{ width: 90 }} placeholder={text('forward.rates.currency.placeholder')} />
        </Form.Item>
        <Form.Item name="rate" label={text('forward.rates.rate')} rules={[formRule(intl, validateRate)]}>
          <Input className="forward-rate-rate-input" inputMode="decimal" maxLength={12} style={{ width: 200 }} prefix="¥" placeholder={text('forward.rates.rate.placeholder')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" className="forward-rate-save" loading={saving.isLoading}>
            {text('forward.rates.save')}
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
