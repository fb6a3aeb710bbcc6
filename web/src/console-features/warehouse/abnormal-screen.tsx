import { Button, Form, Input, Modal, Radio, Space, Table, Tabs, Tag } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import {
  useAbnormalOrdersQuery,
  useFlagAbnormalMutation,
  useResolveAbnormalMutation,
  useShortagesQuery,
  type AbnormalEntry,
  type ShortageNotice,
} from './warehouse-api';
import { formatDate } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { showRefusal } from '../../widgets/form-refusal';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { orderStatusName } from './names';

const PAGE_SIZE = 20;

type FlagValues = { order_no: string; reason: string };
type ResolveValues = { resolution: string };

/** Flagging an order abnormal by its number, with the reason (it leaves the queues until resolved). */
function FlagDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<FlagValues>();
  const [flag, { isLoading }] = useFlagAbnormalMutation();
  const text = (id: string) => intl.formatMessage({ id });
  const onFinish = async (values: FlagValues) => {
    try {
      await flag({ order_no: values.order_no.trim(), reason: values.reason.trim() }).unwrap();
    } catch (error) {
      showRefusal(form, error, ['order_no', 'reason']);
      return;
    }
    void toast(text('console.warehouse.abnormal.flagged'), 'success');
    onClose();
  };
  return (
    <Modal
      open={open}
      title={text('console.warehouse.abnormal.flag')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okText={text('console.warehouse.abnormal.flag')}
      cancelText={text('console.cancel')}
      className="console-flag-modal"
      destroyOnHidden
    >
      <Form<FlagValues> form={form} layout="vertical" requiredMark={false} preserve={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="order_no" label={text('console.warehouse.order.no')} rules={[{ required: true, whitespace: true, message: text('console.warehouse.abnormal.orderNo.required') }, { max: 32 }]}>
          <Input className="console-flag-order" />
        </Form.Item>
        <Form.Item name="reason" label={text('console.warehouse.abnormal.reason')} rules={[{ required: true, whitespace: true, message: text('console.warehouse.abnormal.reason.required') }, { max: 1000 }]}>
          <Input.TextArea rows={3} maxLength={1000} className="console-flag-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Resolving an abnormal order: what was done, required. */
function ResolveDialog({ entry, onClose }: { entry: AbnormalEntry | null; onClose: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<ResolveValues>();
  const [resolve, { isLoading }] = useResolveAbnormalMutation();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const onFinish = async (values: ResolveValues) => {
    if (!entry) return;
    try {
      await resolve({ order_no: entry.order_no, resolution: values.resolution.trim() }).unwrap();
    } catch (error) {
      showRefusal(form, error, ['resolution']);
      return;
    }
    void toast(text('console.warehouse.abnormal.resolved'), 'success');
    onClose();
  };
  return (
    <Modal
      open={entry !== null}
      title={text('console.warehouse.abnormal.resolveTitle', { order: entry?.order_no ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okText={text('console.warehouse.abnormal.resolve')}
      cancelText={text('console.cancel')}
      className="console-resolve-modal"
      destroyOnHidden
    >
      {entry ? <p className="console-resolve-reason">{text('console.warehouse.abnormal.reasonWas', { reason: entry.reason })}</p> : null}
      <Form<ResolveValues> form={form} layout="vertical" requiredMark={false} preserve={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item
          name="resolution"
          label={text('console.warehouse.abnormal.resolution')}
          rules={[{ required: true, whitespace: true, message: text('console.warehouse.abnormal.resolution.required') }, { max: 1000 }]}
        >
          <Input.TextArea rows={3} maxLength={1000} className="console-resolve-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Abnormal orders, open or resolved, newest first; with orders.write flag and resolve. */
function AbnormalTab() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { can } = useStaffAccess();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [page, setPage] = useState(1);
  const [flagging, setFlagging] = useState(false);
  const [resolving, setResolving] = useState<AbnormalEntry | null>(null);
  const { data, isFetching } = useAbnormalOrdersQuery({ token, language, status, page, pagesize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const text = (id: string) => intl.formatMessage({ id });
  const writable = can('orders.write');

  return (
    <div className="console-abnormal">
      <Space className="console-filter" wrap>
        <Radio.Group
          optionType="button"
          className="console-abnormal-filter"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as 'open' | 'resolved');
            setPage(1);
          }}
          options={(['open', 'resolved'] as const).map((value) => ({ value, label: text(`console.warehouse.abnormal.status.${value}`), className: `console-abnormal-filter-${value}` }))}
        />
        {writable ? (
          <Button className="console-abnormal-flag" onClick={() => setFlagging(true)}>
            {text('console.warehouse.abnormal.flag')}
          </Button>
        ) : null}
      </Space>
      <Table<AbnormalEntry>
        rowKey={(entry) => `${entry.order_no}-${entry.flagged_at}`}
        className="console-abnormal-table"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        onRow={(entry) => ({ 'data-order': entry.order_no, 'data-status': entry.status }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total) => intl.formatMessage({ id: 'pagination.total' }, { total }),
        }}
        columns={[
          { key: 'order_no', dataIndex: 'order_no', title: text('console.warehouse.order.no') },
          { key: 'mobile', dataIndex: 'mobile', title: text('console.warehouse.order.seller') },
          { key: 'reason', title: text('console.warehouse.abnormal.reason'), render: (_, entry) => <span className="console-abnormal-reason">{entry.reason}</span> },
          { key: 'flagged', title: text('console.warehouse.abnormal.flaggedAt'), render: (_, entry) => formatDate(entry.flagged_at, 'YYYY-MM-DD HH:mm') },
          { key: 'order_status', title: text('console.warehouse.order.status'), render: (_, entry) => orderStatusName(intl, entry.order_status) },
          ...(status === 'resolved'
            ? [
                { key: 'resolution', title: text('console.warehouse.abnormal.resolution'), render: (_: unknown, entry: AbnormalEntry) => <span className="console-abnormal-resolution">{entry.resolution}</span> },
                { key: 'resolved', title: text('console.warehouse.abnormal.resolvedAt'), render: (_: unknown, entry: AbnormalEntry) => formatDate(entry.resolved_at, 'YYYY-MM-DD HH:mm') },
              ]
            : []),
          ...(writable && status === 'open'
            ? [
                {
                  key: 'actions',
                  title: text('console.actions'),
                  render: (_: unknown, entry: AbnormalEntry) =>
                    entry.status === 'open' ? (
                      <Button size="small" type="link" className="console-abnormal-resolve" onClick={() => setResolving(entry)}>
                        {text('console.warehouse.abnormal.resolve')}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      <FlagDialog open={flagging} onClose={() => setFlagging(false)} />
      <ResolveDialog entry={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}

/** Every seller's out-of-stock notices, newest first. */
function ShortagesTab() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useShortagesQuery({ token, language, page, pagesize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Table<ShortageNotice>
      rowKey={(notice) => `${notice.order_no}-${notice.at}`}
      className="console-shortage-table"
      loading={isFetching}
      dataSource={data?.list ?? []}
      scroll={{ x: 'max-content' }}
      onRow={(notice) => ({ 'data-order': notice.order_no }) as HTMLAttributes<HTMLElement>}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: data?.total ?? 0,
        showSizeChanger: false,
        onChange: setPage,
        showTotal: (total) => intl.formatMessage({ id: 'pagination.total' }, { total }),
      }}
      columns={[
        { key: 'order_no', dataIndex: 'order_no', title: text('console.warehouse.order.no') },
        { key: 'mobile', dataIndex: 'mobile', title: text('console.warehouse.order.seller') },
        {
          key: 'all',
          title: text('console.warehouse.shortage.kind'),
          render: (_, notice) => (
            <Tag color={notice.all ? 'red' : 'orange'} className="console-shortage-kind">
              {text(notice.all ? 'console.warehouse.shortage.all' : 'console.warehouse.shortage.part')}
            </Tag>
          ),
        },
        {
          key: 'items',
          title: text('console.warehouse.shortage.items'),
          render: (_, notice) => (
            <ul className="console-shortage-items">
              {notice.items.map((item) => (
                <li key={item.sku_id}>{text('console.warehouse.shortage.item', { item: item.item_no, color: item.color, size: item.size, quantity: item.quantity })}</li>
              ))}
            </ul>
          ),
        },
        { key: 'refund', title: text('console.warehouse.shortage.refund'), render: (_, notice) => `¥${notice.refund}` },
        { key: 'at', title: text('console.warehouse.shortage.at'), render: (_, notice) => formatDate(notice.at, 'YYYY-MM-DD HH:mm') },
      ]}
    />
  );
}

/**
 * /admin/abnormal (orders.read): abnormal orders (open or resolved; with orders.write flag one by
 * its number and reason, and resolve one with what was done) and the shortages reported to sellers.
 */
export default function AbnormalScreen() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  return (
    <div className="console-abnormal-screen">
      <Space className="console-toolbar">
        <h2>{text('console.menu.abnormal')}</h2>
      </Space>
      <Tabs
        className="console-abnormal-tabs"
        destroyOnHidden
        items={[
          { key: 'abnormal', label: text('console.warehouse.abnormal.tab'), children: <AbnormalTab /> },
          { key: 'shortages', label: text('console.warehouse.shortage.tab'), children: <ShortagesTab /> },
        ]}
      />
    </div>
  );
}
