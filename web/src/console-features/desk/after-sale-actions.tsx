import { Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  useApproveAfterSaleMutation,
  useInterceptAfterSaleMutation,
  useReceiveAfterSaleMutation,
  useRefundAfterSaleMutation,
  useRejectAfterSaleMutation,
  useShipAfterSaleMutation,
  type StaffAfterSaleDetail,
} from './desk-api';
import { refusedField } from '../../lib/refusal';
import { COURIER_CODES } from '../../lib/shipping';
import { toast } from '../../lib/toast';
import { showRefusal } from '../../widgets/form-refusal';
import { courierName, SaleBreakdown } from './after-sale-parts';
import { stepsFor, WRONG_ITEM_INSURANCE, WRONG_STATION_FEE } from './after-sale-steps';
import { ReasonDialog } from './desk-parts';

type Dialog = 'reject' | 'receive' | 'refund' | 'ship' | null;

interface ShipValues {
  courier: string;
  tracking_no: string;
}

/** The parcel of an exchange or resend: courier and tracking number; a refusal under its field. */
function ShipDialog({ sale, open, onClose }: { sale: StaffAfterSaleDetail; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<ShipValues>();
  const [ship, { isLoading }] = useShipAfterSaleMutation();
  const text = (id: string) => intl.formatMessage({ id });
  const onFinish = async (values: ShipValues) => {
    try {
      await ship({ id: sale.id, courier: values.courier, tracking_no: values.tracking_no.trim() }).unwrap();
    } catch (error) {
      showRefusal(form, error, ['courier', 'tracking_no']);
      return;
    }
    void toast(text('console.desk.afterSale.shipped'), 'success');
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'console.desk.afterSale.ship.title' }, { id: sale.id })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okText={text('console.desk.afterSale.ship')}
      cancelText={text('console.cancel')}
      className="console-desk-ship-modal"
      destroyOnHidden
    >
      <Form<ShipValues> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="courier" label={text('console.desk.courier')} rules={[{ required: true, message: text('validation.courier.required') }]}>
          <Select className="console-desk-ship-courier" options={COURIER_CODES.map((code) => ({ value: code, label: courierName(intl, code) }))} />
        </Form.Item>
        <Form.Item
          name="tracking_no"
          label={text('console.desk.trackingNo')}
          rules={[
            { required: true, whitespace: true, message: text('console.desk.trackingNo.required') },
            { max: 64, message: intl.formatMessage({ id: 'console.desk.reason.tooLong' }, { max: 64 }) },
          ]}
        >
          <Input className="console-desk-ship-tracking" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The return has arrived: whether it was the wrong item and whether it came to the wrong station. */
function ReceiveDialog({ sale, open, onClose }: { sale: StaffAfterSaleDetail; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [receive, { isLoading }] = useReceiveAfterSaleMutation();
  const [wrongItem, setWrongItem] = useState(false);
  const [wrongStation, setWrongStation] = useState(false);
  const close = () => {
    setWrongItem(false);
    setWrongStation(false);
    onClose();
  };
  const onOk = async () => {
    try {
      await receive({ id: sale.id, wrong_item: wrongItem, wrong_station: wrongStation }).unwrap();
    } catch {
      return;
    }
    void toast(intl.formatMessage({ id: 'console.desk.afterSale.received' }), 'success');
    close();
  };
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'console.desk.afterSale.receive.title' }, { id: sale.id })}
      onCancel={close}
      onOk={() => void onOk()}
      confirmLoading={isLoading}
      okText={intl.formatMessage({ id: 'console.desk.afterSale.receive' })}
      cancelText={intl.formatMessage({ id: 'console.cancel' })}
      className="console-desk-receive-modal"
      destroyOnHidden
    >
      <Space orientation="vertical">
        <Checkbox className="console-desk-wrong-item" checked={wrongItem} onChange={(e) => setWrongItem(e.target.checked)}>
          {intl.formatMessage({ id: 'console.desk.afterSale.wrongItem' }, { amount: WRONG_ITEM_INSURANCE })}
        </Checkbox>
        <Checkbox className="console-desk-wrong-station" checked={wrongStation} onChange={(e) => setWrongStation(e.target.checked)}>
          {intl.formatMessage({ id: 'console.desk.afterSale.wrongStation' }, { amount: WRONG_STATION_FEE })}
        </Checkbox>
        <p className="console-hint">{intl.formatMessage({ id: 'console.desk.afterSale.receive.hint' })}</p>
      </Space>
    </Modal>
  );
}

/**
 * The refund, confirmed only after the breakdown is seen: goods (less the coupon's share), fees
 * back, deductions and the total the seller's balance gets, as the server would pay it now. The
 * request carries that total: if the refund would now pay anything else, the server refuses it
 * with the new figure, the dialog stays open and shows the breakdown asked again.
 */
function RefundDialog({ sale, open, onClose }: { sale: StaffAfterSaleDetail; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [refund, { isLoading }] = useRefundAfterSaleMutation();
  const quote = sale.refund_quote ?? sale.breakdown;
  const onOk = async () => {
    let answer;
    try {
      answer = await refund({ id: sale.id, amount: quote.total }).unwrap();
    } catch (error) {
      if (refusedField(error) !== 'amount') onClose();
      return;
    }
    void toast(intl.formatMessage({ id: 'console.desk.afterSale.refunded' }, { amount: answer.breakdown.total }), 'success');
    onClose();
  };
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'console.desk.afterSale.refund.title' }, { id: sale.id })}
      onCancel={onClose}
      onOk={() => void onOk()}
      confirmLoading={isLoading}
      okText={intl.formatMessage({ id: 'console.desk.afterSale.refund.confirm' }, { amount: quote.total })}
      cancelText={intl.formatMessage({ id: 'console.cancel' })}
      className="console-desk-refund-modal"
      destroyOnHidden
    >
      <SaleBreakdown breakdown={quote} refunded={false} />
      <p className="console-hint">{intl.formatMessage({ id: 'console.desk.afterSale.refund.hint' })}</p>
    </Modal>
  );
}

/**
 * The steps the after-sale's status allows (aftersales.write): approve or reject with a reason;
 * the interception's outcome; the return received (wrong item, wrong station); the refund after
 * its breakdown; the replacement parcel. A refusal shows the server's message; the after-sale is
 * asked again either way.
 */
export function AfterSaleActions({ sale, onRefund }: { sale: StaffAfterSaleDetail; onRefund: () => void }) {
  const intl = useIntl();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [approve, approving] = useApproveAfterSaleMutation();
  const [reject] = useRejectAfterSaleMutation();
  const [intercept, intercepting] = useInterceptAfterSaleMutation();
  const steps = stepsFor(sale);
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const done = async (step: Promise<unknown>, message: string) => {
    try {
      await step;
    } catch {
      return;
    }
    void toast(message, 'success');
  };
  const close = () => setDialog(null);
  const confirm = (props: { className: string; question: string; label: string; onConfirm: () => void; loading: boolean; danger?: boolean; primary?: boolean }) => (
    <Popconfirm
      title={props.question}
      okText={text('console.ok')}
      cancelText={text('console.cancel')}
      onConfirm={props.onConfirm}
    >
      <Button className={props.className} loading={props.loading} danger={props.danger} type={props.primary ? 'primary' : 'default'}>
        {props.label}
      </Button>
    </Popconfirm>
  );

  if (steps.length === 0) return null;
  return (
    <Space wrap className="console-desk-sale-actions">
      {steps.includes('approve')
        ? confirm({
            className: 'console-desk-approve',
            question: text('console.desk.afterSale.approve.confirm', { id: sale.id }),
            label: text('console.desk.afterSale.approve'),
            loading: approving.isLoading,
            primary: true,
            onConfirm: () => void done(approve({ id: sale.id }).unwrap(), text('console.desk.afterSale.approved')),
          })
        : null}
      {steps.includes('reject') ? (
        <Button danger className="console-desk-reject" onClick={() => setDialog('reject')}>
          {text('console.desk.reject')}
        </Button>
      ) : null}
      {steps.includes('intercept') ? (
        <>
          {confirm({
            className: 'console-desk-intercept-ok',
            question: text('console.desk.afterSale.intercept.succeeded.confirm'),
            label: text('console.desk.afterSale.intercept.succeeded'),
            loading: intercepting.isLoading,
            primary: true,
            onConfirm: () => void done(intercept({ id: sale.id, succeeded: true }).unwrap(), text('console.desk.afterSale.intercepted')),
          })}
          {confirm({
            className: 'console-desk-intercept-failed',
            question: text('console.desk.afterSale.intercept.failed.confirm'),
            label: text('console.desk.afterSale.intercept.failed'),
            loading: intercepting.isLoading,
            danger: true,
            onConfirm: () => void done(intercept({ id: sale.id, succeeded: false }).unwrap(), text('console.desk.afterSale.intercepted')),
          })}
        </>
      ) : null}
      {steps.includes('receive') ? (
        <Button type="primary" className="console-desk-receive" onClick={() => setDialog('receive')}>
          {text('console.desk.afterSale.receive')}
        </Button>
      ) : null}
      {steps.includes('refund') ? (
        <Button
          type="primary"
          className="console-desk-refund"
          onClick={() => {
            onRefund();
            setDialog('refund');
          }}
        >
          {text('console.desk.afterSale.refund')}
        </Button>
      ) : null}
      {steps.includes('ship') ? (
        <Button type="primary" className="console-desk-ship" onClick={() => setDialog('ship')}>
          {text('console.desk.afterSale.ship')}
        </Button>
      ) : null}
      <ReasonDialog
        open={dialog === 'reject'}
        title={text('console.desk.afterSale.reject.title', { id: sale.id })}
        className="console-desk-reject-modal"
        onClose={close}
        send={async (reason) => {
          await reject({ id: sale.id, reason }).unwrap();
          void toast(text('console.desk.afterSale.rejected'), 'success');
        }}
      />
      <ReceiveDialog sale={sale} open={dialog === 'receive'} onClose={close} />
      <RefundDialog sale={sale} open={dialog === 'refund'} onClose={close} />
      <ShipDialog sale={sale} open={dialog === 'ship'} onClose={close} />
    </Space>
  );
}
