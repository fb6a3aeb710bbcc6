import { Button, Card, Form, Input, Radio, Result, Select, Skeleton, type FormInstance } from 'antd';
import { useIntl } from 'react-intl';
import type { ForwardSettings } from '../../lib/api-types';
import { useAppSelector } from '../../state/hooks';
import { LoginRequired } from '../../widgets/login-required';
import { selectToken } from '../../state/session-slice';
import { TEXTAREA_ROWS } from '../../lib/constants';
import { formRule } from '../../lib/form-rules';
import { t } from '../../lib/i18n';
import { failureText, refusedField } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { useForwardSettingsQuery, useSaveForwardSettingsMutation } from './forward-api';
import {
  courierOptions,
  formFieldOf,
  qcOptions,
  REMARK_TEMPLATE_MAX,
  SENDER_NAME_MAX,
  SHIPPING_PRIORITIES,
  toForwardBody,
  toFormValues,
  validateCourier,
  validatePriority,
  validateQcLevel,
  validateSenderPhone,
  type ForwardFormValues,
} from './forward-logic';
import { PlatformRates } from './platform-rates';
import './forward.css';

/**
 * Shows why a save was refused: next to the field the answer names (`data.field` of a 422), else
 * as an error toast. The text is the envelope's `msg`, already in the request's language.
 */
function reportRefusal(form: FormInstance<ForwardFormValues>, error: unknown): void {
  const msg = failureText(error) ?? t('error.http.other');
  const name = formFieldOf(refusedField(error));
  if (name) form.setFields([{ name, errors: [msg] }]);
  else void toast(msg, 'error');
}

function SettingsForm({ settings }: { settings: ForwardSettings }) {
  const intl = useIntl();
  const [form] = Form.useForm<ForwardFormValues>();
  const [save, saving] = useSaveForwardSettingsMutation();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const name = (key: string | null, code: string) => (key ? text(key) : code);

  const onFinish = async (values: ForwardFormValues) => {
    try {
      await save(toForwardBody(values)).unwrap();
      void toast(text('forward.saved'), 'success');
    } catch (error) {
      reportRefusal(form, error);
    }
  };

  return (
    <Form
      form={form}
      name="forward"
      layout="vertical"
      requiredMark={false}
      className="forward-form"
      initialValues={toFormValues(settings)}
      onFinish={(values) => void onFinish(values)}
    >
      <div className="forward-row">
        <Form.Item name="sender_name" label={text('forward.senderName')} extra={text('forward.senderName.hint')}>
          <Input maxLength={SENDER_NAME_MAX} autoComplete="name" placeholder={text('forward.senderName.placeholder')} />
        </Form.Item>
        <Form.Item name="sender_phone" label={text('forward.senderPhone')} rules={[formRule(intl, validateSenderPhone)]}>
          <Input maxLength={32} inputMode="tel" autoComplete="tel" placeholder={text('forward.senderPhone.placeholder')} />
        </Form.Item>
      </div>
      <Form.Item name="courier" label={text('forward.courier')} rules={[formRule(intl, validateCourier)]}>
        <Select
          className="forward-courier"
          virtual={false}
          classNames={{ popup: { root: 'forward-courier-popup' } }}
          options={courierOptions(settings).map((c) => ({
            value: c.code,
            label: (
              <span className="forward-courier-option" data-code={c.code}>
                <span className="forward-courier-name">{name(c.key, c.code)}</span>
                <span className="forward-fee">{text('forward.courier.fee', { first: c.first, extra: c.extra })}</span>
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item name="qc_level" label={text('forward.qcLevel')} rules={[formRule(intl, validateQcLevel)]}>
        <Radio.Group className="forward-qc">
          {qcOptions(settings).map((q) => (
            <Radio key={q.code} value={q.code} className={`forward-qc-${q.code}`}>
              {name(q.key, q.code)}
              <span className="forward-fee">{q.fee ? text('forward.qc.fee', { fee: q.fee }) : text('forward.qc.free')}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="shipping_priority" label={text('forward.priority')} rules={[formRule(intl, validatePriority)]}>
        <Radio.Group className="forward-priority">
          {SHIPPING_PRIORITIES.map((p) => (
            <Radio key={p} value={p} className={`forward-priority-${p}`}>
              {text(`forward.priority.${p}`)}
              <span className="forward-fee">{text(`forward.priority.${p}.hint`)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="remark_template" label={text('forward.remarkTemplate')} extra={text('forward.remarkTemplate.hint')}>
        <Input.TextArea rows={TEXTAREA_ROWS} maxLength={REMARK_TEMPLATE_MAX} showCount placeholder={text('forward.remarkTemplate.placeholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" className="forward-save" loading={saving.isLoading}>
        {text('forward.save')}
      </Button>
    </Form>
  );
}

/**
 * `/forwardSeting` (the spec's spelling): the caller's drop-shipping defaults: sender, courier (with
 * its fees), quality inspection, multi-item shipping priority and remark template. Checkout starts
 * from these. Below, the shop exchange rates platform import margins are converted at. Needs a session.
 */
export default function ForwardSettingScreen() {
  const intl = useIntl();
  const token = useAppSelector(selectToken);
  const { data, isLoading, isError, refetch } = useForwardSettingsQuery({ token }, { skip: !token, refetchOnMountOrArgChange: true });

  if (!token) return <LoginRequired />;
  return (
    <div className="forward-page">
      <header>
        <h1 className="page-title">{intl.formatMessage({ id: 'route.forwardSeting' })}</h1>
        <p className="page-hint">{intl.formatMessage({ id: 'forward.intro' })}</p>
      </header>
      <Card>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : data ? (
          // a new form when the server's values differ from those it started with (opened again, another tab)
          <SettingsForm key={`${token}:${JSON.stringify(toFormValues(data))}`} settings={data} />
        ) : isError ? (
          <Result
            className="forward-error"
            status="warning"
            title={intl.formatMessage({ id: 'forward.loadFailed' })}
            extra={<Button onClick={() => void refetch()}>{intl.formatMessage({ id: 'forward.retry' })}</Button>}
          />
        ) : null}
      </Card>
      <Card className="forward-rates-card">
        <PlatformRates />
      </Card>
    </div>
  );
}
