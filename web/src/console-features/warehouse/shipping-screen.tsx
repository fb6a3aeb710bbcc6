import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState, type HTMLAttributes, type Key } from 'react';
import { useIntl } from 'react-intl';
import {
  LABEL_URL,
  LABELS_URL,
  useShipBatchMutation,
  useToShipQuery,
  type ShipBatchAnswer,
  type ShipResult,
  type ToShipFilter,
  type ToShipOrder,
} from './warehouse-api';
import { formatDate } from '../../lib/format-date';
import { failureText } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { extensionOf, useWarehouseDownload } from './downloads';
import { courierName, courierOptions, hoursSince, platformName, platformOptions, qcLevelName, qcLevelOptions } from './names';
import { ScanBox } from './scan-box';
import { ShipImport } from './ship-import';

const PAGE_SIZE = 20;
/** The overdue filter's choices, in hours since payment (0: any). */
const AGES = [0, 24, 48, 72] as const;

interface FilterValues {
  courier?: string;
  platform?: string;
  kind?: 'domestic' | 'platform';
  qc_level?: string;
  priority?: 'together' | 'split';
  min_age_hours?: number;
  order_no?: string;
}

/** A chosen order and where it stood in the queue (labels print in the table's order). */
interface Chosen {
  order: ToShipOrder;
  position: number;
}

const hasLabel = (order: ToShipOrder) => order.type === 'platform' && order.label_file !== '';

/** The filters as the queue takes them: empty ones and "any age" left out, the number trimmed. */
function filterOf(values: FilterValues): ToShipFilter {
  const orderNo = values.order_no?.trim();
  return {
    ...(values.courier ? { courier: values.courier } : {}),
    ...(values.platform ? { platform: values.platform } : {}),
    ...(values.kind ? { kind: values.kind } : {}),
    ...(values.qc_level ? { qc_level: values.qc_level } : {}),
    ...(values.priority ? { priority: values.priority } : {}),
    ...(values.min_age_hours ? { min_age_hours: values.min_age_hours } : {}),
    ...(orderNo ? { order_no: orderNo } : {}),
  };
}

type ShipValues = { shipments: { courier: string; tracking_no: string }[] };

/**
 * Shipping the chosen orders: each with its courier (the order's own at first) and a typed
 * tracking number, sent as one batch; each order's result shows on its row (an order shipped is
 * not sent again; a refused one may be corrected and sent again).
 */
function ShipPanel({ orders, onShipped, onClose }: { orders: ToShipOrder[] | null; onShipped: (orderNos: string[]) => void; onClose: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<ShipValues>();
  const [shipBatch, { isLoading }] = useShipBatchMutation();
  const [results, setResults] = useState<Record<string, ShipResult>>({});
  const [summary, setSummary] = useState<ShipBatchAnswer | null>(null);
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const list = orders ?? [];
  const waiting = list.filter((order) => !results[order.order_no]?.ok);

  const onFinish = async (values: ShipValues) => {
    const shipments = list
      .map((order, index) => ({ order_no: order.order_no, courier: values.shipments[index]?.courier ?? order.courier, tracking_no: (values.shipments[index]?.tracking_no ?? '').trim() }))
      .filter((shipment) => !results[shipment.order_no]?.ok);
    if (shipments.length === 0) return;
    let answer: ShipBatchAnswer;
    try {
      answer = await shipBatch({ shipments }).unwrap();
    } catch {
      return;
    }
    setResults((earlier) => ({ ...earlier, ...Object.fromEntries(answer.results.map((result) => [result.order_no, result])) }));
    setSummary(answer);
    onShipped(answer.results.filter((result) => result.ok).map((result) => result.order_no));
    void toast(text('console.warehouse.ship.done', { shipped: answer.shipped, failed: answer.failed }), answer.failed > 0 ? 'warning' : 'success');
  };

  return (
    <Modal
      open={orders !== null}
      width={860}
      title={text('console.warehouse.ship.panel', { count: list.length })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: waiting.length === 0, className: 'console-ship-submit' }}
      confirmLoading={isLoading}
      okText={text('console.warehouse.ship.submit')}
      cancelText={text('console.warehouse.close')}
      className="console-ship-modal"
      destroyOnHidden
    >
      {summary ? (
        <Alert
          type={summary.failed > 0 ? 'warning' : 'success'}
          showIcon
          className="console-ship-summary"
          title={text('console.warehouse.ship.done', { shipped: summary.shipped, failed: summary.failed })}
        />
      ) : null}
      <Form<ShipValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ shipments: list.map((order) => ({ courier: order.courier, tracking_no: '' })) }}
        onFinish={(values) => void onFinish(values)}
      >
        <table className="console-ship-rows">
          <thead>
            <tr>
              <th>{text('console.warehouse.order.no')}</th>
              <th>{text('console.warehouse.order.courier')}</th>
              <th>{text('console.warehouse.order.trackingNo')}</th>
              <th>{text('console.warehouse.ship.result')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((order, index) => {
              const result = results[order.order_no];
              const done = result?.ok === true;
              return (
                <tr key={order.order_no} className="console-ship-row" data-order={order.order_no} data-ok={result ? String(result.ok) : undefined}>
                  <td className="console-ship-row-order">{order.order_no}</td>
                  <td>
                    <Form.Item name={['shipments', index, 'courier']} rules={[{ required: !done, message: text('validation.courier.required') }]} className="console-ship-row-field">
                      <Select className="console-ship-courier" style={{ minWidth: 140 }} disabled={done} options={courierOptions(intl)} />
                    </Form.Item>
                  </td>
                  <td>
                    <Form.Item
                      name={['shipments', index, 'tracking_no']}
                      className="console-ship-row-field"
                      rules={[{ required: !done, whitespace: true, message: text('console.warehouse.ship.tracking.required') }, { max: 64 }]}
                    >
                      <Input className="console-ship-tracking" disabled={done} />
                    </Form.Item>
                  </td>
                  <td className="console-ship-row-result">
                    {result ? (
                      <>
                        <Tag color={result.ok ? 'green' : 'red'}>{text(result.ok ? 'console.warehouse.result.ok' : 'console.warehouse.result.failed')}</Tag>
                        {result.message ? <span className="console-ship-row-message">{result.message}</span> : null}
                      </>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Form>
    </Modal>
  );
}

/**
 * /admin/shipping (orders.read): the to-ship queue (paid, stock prepared, not abnormal, not
 * shipped; oldest paid first), filtered by courier, platform, kind, inspection level, age and
 * order number, with pages. Platform orders' labels download one by one, or those of the chosen
 * orders as one zip in the table's order. With orders.write: the chosen orders ship as a batch
 * with typed tracking numbers, a scanner ships one order at a time, and tracking numbers import
 * from Excel.
 */
export default function ShippingScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { can } = useStaffAccess();
  const [filter, setFilter] = useState<ToShipFilter>({});
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<string, Chosen>>(new Map());
  const [shipping, setShipping] = useState<ToShipOrder[] | null>(null);
  // each opening of the panel starts a fresh form
  const [opening, setOpening] = useState(0);
  const [now] = useState(() => Date.now());
  const { data, isFetching, error } = useToShipQuery({ token, language, ...filter, page, pagesize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const files = useWarehouseDownload();
  const [form] = Form.useForm<FilterValues>();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const writable = can('orders.write');
  const rows = data?.list ?? [];
  const inOrder = [...chosen.values()].sort((a, b) => a.position - b.position).map((c) => c.order);
  const labelled = inOrder.filter(hasLabel);

  const onSelect = (keys: Key[]) => {
    const wanted = new Set(keys.map(String));
    const next = new Map([...chosen].filter(([orderNo]) => wanted.has(orderNo)));
    rows.forEach((order, index) => {
      if (wanted.has(order.order_no) && !next.has(order.order_no)) next.set(order.order_no, { order, position: (page - 1) * PAGE_SIZE + index });
    });
    setChosen(next);
  };
  const onShipped = (orderNos: string[]) => {
    if (orderNos.length === 0) return;
    setChosen((earlier) => new Map([...earlier].filter(([orderNo]) => !orderNos.includes(orderNo))));
  };
  const labelOf = (order: ToShipOrder) =>
    void files.download({ key: `label-${order.order_no}`, url: LABEL_URL(order.order_no), extension: extensionOf(order.label_file), fallback: `${order.order_no}${extensionOf(order.label_file)}` });
  const labelsOf = () =>
    void files.download({ key: 'labels', url: LABELS_URL, extension: '.zip', fallback: 'labels.zip', body: { order_nos: labelled.map((order) => order.order_no) } });

  return (
    <div className="console-shipping">
      <Space className="console-toolbar">
        <h2>{text('console.menu.shipping')}</h2>
      </Space>
      {writable ? (
        <div className="console-shipping-tools">
          <ScanBox />
          <ShipImport />
        </div>
      ) : null}
      <Form<FilterValues>
        form={form}
        layout="inline"
        className="console-filter console-ship-filter"
        initialValues={{ min_age_hours: 0 }}
        onFinish={(values) => {
          setFilter(filterOf(values));
          setPage(1);
          setChosen(new Map());
        }}
      >
        <Form.Item name="order_no" label={text('console.warehouse.order.no')}>
          <Input allowClear className="console-ship-filter-order" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="courier" label={text('console.warehouse.order.courier')}>
          <Select allowClear className="console-ship-filter-courier" style={{ minWidth: 140 }} placeholder={text('console.all')} options={courierOptions(intl)} />
        </Form.Item>
        <Form.Item name="kind" label={text('console.warehouse.order.kind')}>
          <Select
            allowClear
            className="console-ship-filter-kind"
            style={{ minWidth: 120 }}
            placeholder={text('console.all')}
            options={(['domestic', 'platform'] as const).map((value) => ({ value, label: text(`order.type.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="platform" label={text('console.warehouse.order.platform')}>
          <Select allowClear className="console-ship-filter-platform" style={{ minWidth: 120 }} placeholder={text('console.all')} options={platformOptions(intl)} />
        </Form.Item>
        <Form.Item name="qc_level" label={text('console.warehouse.order.qcLevel')}>
          <Select allowClear className="console-ship-filter-qc" style={{ minWidth: 140 }} placeholder={text('console.all')} options={qcLevelOptions(intl)} />
        </Form.Item>
        <Form.Item name="priority" label={text('forward.priority')}>
          <Select
            allowClear
            className="console-ship-filter-priority"
            style={{ minWidth: 140 }}
            placeholder={text('console.all')}
            options={(['together', 'split'] as const).map((value) => ({ value, label: text(`forward.priority.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="min_age_hours" label={text('console.warehouse.order.age')}>
          <Select
            className="console-ship-filter-age"
            style={{ minWidth: 140 }}
            options={AGES.map((hours) => ({ value: hours, label: hours === 0 ? text('console.warehouse.age.any') : text('console.warehouse.age.over', { hours }) }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" className="console-ship-search">
            {text('console.search')}
          </Button>
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon className="console-ship-error" title={failureText(error) ?? text('error.http.other')} /> : null}
      <Space className="console-batch" wrap>
        <span className="console-ship-selected">{text('console.warehouse.selected', { count: chosen.size })}</span>
        {writable ? (
          <Button
            type="primary"
            className="console-ship-open"
            disabled={chosen.size === 0}
            onClick={() => {
              setOpening((n) => n + 1);
              setShipping(inOrder);
            }}
          >
            {text('console.warehouse.ship.selected')}
          </Button>
        ) : null}
        <Button icon={<DownloadOutlined />} className="console-ship-labels" disabled={labelled.length === 0} loading={files.busy === 'labels'} onClick={labelsOf}>
          {text('console.warehouse.labels.selected', { count: labelled.length })}
        </Button>
        <Button className="console-ship-clear" type="link" disabled={chosen.size === 0} onClick={() => setChosen(new Map())}>
          {text('console.warehouse.selection.clear')}
        </Button>
      </Space>
      <Table<ToShipOrder>
        rowKey="order_no"
        className="console-ship-table"
        loading={isFetching}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        onRow={(order) => ({ 'data-order': order.order_no, 'data-type': order.type }) as HTMLAttributes<HTMLElement>}
        rowSelection={{ selectedRowKeys: [...chosen.keys()], onChange: onSelect, preserveSelectedRowKeys: true }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total) => intl.formatMessage({ id: 'pagination.total' }, { total }),
        }}
        columns={[
          { key: 'order_no', title: text('console.warehouse.order.no'), render: (_, order) => <span className="console-ship-order">{order.order_no}</span> },
          {
            key: 'kind',
            title: text('console.warehouse.order.kind'),
            render: (_, order) =>
              order.type === 'platform' ? (
                <>
                  <Tag color="purple">{platformName(intl, order.platform)}</Tag>
                  <span className="console-hint">{order.source_order_no}</span>
                </>
              ) : (
                <Tag>{text('order.type.domestic')}</Tag>
              ),
          },
          { key: 'mobile', dataIndex: 'mobile', title: text('console.warehouse.order.seller') },
          { key: 'items', dataIndex: 'item_count', title: text('console.warehouse.order.items') },
          { key: 'courier', title: text('console.warehouse.order.courier'), render: (_, order) => courierName(intl, order.courier) },
          { key: 'qc', title: text('console.warehouse.order.qcLevel'), render: (_, order) => qcLevelName(intl, order.qc_level) },
          { key: 'priority', title: text('forward.priority'), render: (_, order) => text(`forward.priority.${order.shipping_priority === 'split' ? 'split' : 'together'}`) },
          {
            key: 'paid',
            title: text('console.warehouse.order.paidAt'),
            render: (_, order) => (
              <>
                {formatDate(order.paid_at, 'YYYY-MM-DD HH:mm')}
                <div className="console-hint console-ship-age">{text('console.warehouse.age.hours', { hours: hoursSince(order.paid_at, now) })}</div>
              </>
            ),
          },
          {
            key: 'to',
            title: text('console.warehouse.order.to'),
            render: (_, order) =>
              order.address ? (
                <span className="console-ship-address">{`${order.address.recipient} ${order.address.province}${order.address.city}${order.address.district}`}</span>
              ) : hasLabel(order) ? (
                <Button size="small" type="link" className="console-ship-label" loading={files.busy === `label-${order.order_no}`} onClick={() => labelOf(order)}>
                  {text('console.warehouse.label')}
                </Button>
              ) : null,
          },
          { key: 'remark', dataIndex: 'remark', title: text('console.warehouse.order.remark') },
        ]}
      />
      <ShipPanel key={opening} orders={shipping} onShipped={onShipped} onClose={() => setShipping(null)} />
    </div>
  );
}
