import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Image, InputNumber, Popconfirm, Result, Space, Spin, Table, Tag } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useParams } from 'react-router';
import {
  useClearMissMutation,
  useCloseWaveMutation,
  useMarkAllGotMutation,
  useMarkWaveMutation,
  useWaveQuery,
  WAVE_POLL_MS,
  WAVE_XLSX_URL,
  type MarkAllAnswer,
  type Wave,
  type WaveLine,
  type WaveOrder,
} from './warehouse-api';
import { formatDate } from '../../lib/format-date';
import { failureText } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { useWarehouseDownload } from './downloads';
import { orderStatusName, stockStatusName } from './names';
import { itemSpans, stallBlocks, unmarkedCount, type StallBlock } from './pick-list';
import { OutcomeTag, waveActor, waveScope, WaveStatusTag } from './wave-parts';

/** A line's mark: unmarked, got all, or how many were missed. */
function MarkState({ line }: { line: WaveLine }) {
  const intl = useIntl();
  if (line.missed === null) return <Tag className="console-wave-mark-state is-unmarked">{intl.formatMessage({ id: 'console.warehouse.mark.unmarked' })}</Tag>;
  if (line.missed === 0)
    return (
      <Tag color="green" className="console-wave-mark-state is-got">
        {intl.formatMessage({ id: 'console.warehouse.mark.got' })}
      </Tag>
    );
  return (
    <Tag color={line.missed >= line.quantity ? 'red' : 'orange'} className="console-wave-mark-state is-missed">
      {intl.formatMessage({ id: 'console.warehouse.mark.missedOf' }, { missed: line.missed, quantity: line.quantity })}
    </Tag>
  );
}

/**
 * Marking one line: "got" (nothing missed), or the missed quantity (0 to the line's quantity),
 * sent on Enter or when the box is left. Marking again replaces the mark, but a miss is never
 * cleared silently: "got" (or 0) on a line marked missed asks first, and is sent as a correction.
 */
function MarkControls({ wave, line }: { wave: Wave; line: WaveLine }) {
  const intl = useIntl();
  const [mark, { isLoading: marking }] = useMarkWaveMutation();
  const [clearMiss, { isLoading: clearing }] = useClearMissMutation();
  const [missed, setMissed] = useState<number | null>(line.missed);
  const [asking, setAsking] = useState(false);
  const busy = marking || clearing;
  const wasMissed = line.missed !== null && line.missed > 0;
  const send = async (value: number) => {
    try {
      await mark({ id: wave.id, sku_id: line.sku_id, missed: value }).unwrap();
    } catch {
      // the base query showed why
      setMissed(line.missed);
    }
  };
  const clear = async () => {
    setAsking(false);
    try {
      await clearMiss({ id: wave.id, sku_id: line.sku_id }).unwrap();
      void toast(intl.formatMessage({ id: 'console.warehouse.mark.cleared' }), 'success');
    } catch {
      setMissed(line.missed);
    }
  };
  const got = () => {
    if (wasMissed) {
      setAsking(true);
      return;
    }
    setMissed(0);
    void send(0);
  };
  const commit = () => {
    if (busy || missed === null || missed === line.missed) return;
    const value = Math.min(Math.max(0, Math.floor(missed)), line.quantity);
    if (value === 0 && wasMissed) setAsking(true);
    else void send(value);
  };
  return (
    <Space className="console-wave-mark-controls" size={4}>
      <Popconfirm
        open={asking}
        title={intl.formatMessage({ id: 'console.warehouse.mark.clear.question' }, { missed: line.missed ?? 0, quantity: line.quantity })}
        description={intl.formatMessage({ id: 'console.warehouse.mark.clear.description' })}
        okText={intl.formatMessage({ id: 'console.warehouse.mark.clear.ok' })}
        cancelText={intl.formatMessage({ id: 'console.cancel' })}
        classNames={{ root: 'console-wave-clear-confirm' }}
        onConfirm={() => void clear()}
        onCancel={() => {
          setAsking(false);
          setMissed(line.missed);
        }}
        onOpenChange={(open) => {
          if (!open) setAsking(false);
        }}
      >
        <Button size="small" type={line.missed === 0 ? 'default' : 'primary'} className="console-wave-got" loading={busy} disabled={line.missed === 0} onClick={got}>
          {intl.formatMessage({ id: 'console.warehouse.mark.gotButton' })}
        </Button>
      </Popconfirm>
      <InputNumber<number>
        size="small"
        min={0}
        max={line.quantity}
        precision={0}
        value={missed}
        placeholder={intl.formatMessage({ id: 'console.warehouse.mark.missedPlaceholder' })}
        aria-label={intl.formatMessage({ id: 'console.warehouse.mark.missed' })}
        className="console-wave-missed"
        style={{ width: 96 }}
        onChange={(value) => setMissed(value)}
        onPressEnter={commit}
        onBlur={commit}
      />
    </Space>
  );
}

/** What a batch did, in words: how many lines it marked got, and how many marked missed it left. */
function batchWords(intl: IntlShape, answer: MarkAllAnswer): string {
  const done = intl.formatMessage({ id: 'console.warehouse.allGot.done' }, { marked: answer.marked });
  if (answer.kept_missed === 0) return done;
  return `${done}${intl.formatMessage({ id: 'console.warehouse.allGot.separator' })}${intl.formatMessage({ id: 'console.warehouse.allGot.kept' }, { kept: answer.kept_missed })}`;
}

/**
 * Marks every unmarked line of a stall (or of the wave) got in one call and says what it did,
 * lines marked missed left as they were; answers the words, or null when refused (the base query
 * showed why).
 */
function useMarkAllGot(waveId: string) {
  const intl = useIntl();
  const [markAll, { isLoading }] = useMarkAllGotMutation();
  const run = async (stallId?: string): Promise<string | null> => {
    try {
      const answer = await markAll(stallId === undefined ? { id: waveId } : { id: waveId, stall_id: stallId }).unwrap();
      const words = batchWords(intl, answer);
      void toast(words, 'success');
      return words;
    } catch {
      return null;
    }
  };
  return { run, isLoading };
}

/** One stall's part of the pick list: its header and its lines, an item number's rows merged. */
function StallTable({ wave, block, markable }: { wave: Wave; block: StallBlock; markable: boolean }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const spans = itemSpans(block.lines);
  const batch = useMarkAllGot(wave.id);
  const [note, setNote] = useState<string | null>(null);
  const unmarkedHere = unmarkedCount(block.lines);
  const spanOf = (line: WaveLine) => ({ rowSpan: spans[block.lines.indexOf(line)] ?? 1 });
  return (
    <section className="console-wave-stall" data-stall={block.stall_id}>
      <header className="console-wave-stall-head">
        <span className="console-wave-stall-market">{block.market_name}</span>
        <span className="console-wave-stall-floor">{block.floor}</span>
        <strong className="console-wave-stall-name">{block.stall_name}</strong>
        <span className="console-wave-stall-number">{block.stall_number}</span>
        <span className="console-wave-stall-count">{intl.formatMessage({ id: 'console.warehouse.stall.count' }, { lines: block.lines.length, quantity: block.quantity })}</span>
        {markable ? (
          <Button
            size="small"
            className="console-wave-stall-all-got"
            loading={batch.isLoading}
            disabled={unmarkedHere === 0}
            onClick={() => void batch.run(block.stall_id).then((words) => words && setNote(words))}
          >
            {text('console.warehouse.stall.allGot')}
          </Button>
        ) : null}
        {note ? <span className="console-hint console-wave-batch-note">{note}</span> : null}
      </header>
      <Table<WaveLine>
        rowKey="sku_id"
        size="small"
        bordered
        pagination={false}
        className="console-wave-lines"
        dataSource={block.lines}
        rowClassName={(line) => `console-wave-line${line.missed === null ? ' is-unmarked' : line.missed > 0 ? ' is-missed' : ' is-got'}`}
        onRow={(line) => ({ 'data-sku': line.sku_id, 'data-item-no': line.item_no }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'item',
            title: text('console.warehouse.line.item'),
            onCell: spanOf,
            render: (_, line) => (
              <Space align="start" className="console-wave-item">
                {line.image ? <Image src={line.image} width={40} height={40} alt="" preview={false} className="console-wave-image" /> : null}
                <span>
                  <strong className="console-wave-item-no">{line.item_no}</strong>
                  <div className="console-hint console-wave-title">{line.title}</div>
                </span>
              </Space>
            ),
          },
          { key: 'color', dataIndex: 'color', title: text('console.warehouse.line.color'), render: (value: string) => <span className="console-wave-color">{value}</span> },
          { key: 'size', dataIndex: 'size', title: text('console.warehouse.line.size'), render: (value: string) => <span className="console-wave-size">{value}</span> },
          { key: 'quantity', dataIndex: 'quantity', title: text('console.warehouse.line.quantity'), render: (value: number) => <strong className="console-wave-quantity">{value}</strong> },
          {
            key: 'orders',
            title: text('console.warehouse.line.orders'),
            render: (_, line) => (
              <ul className="console-wave-line-orders">
                {line.orders.map((order) => (
                  <li key={order.order_no} data-order={order.order_no}>
                    {`${order.order_no} × ${order.quantity}`}
                    {order.missed > 0 ? <span className="console-wave-line-order-missed">{intl.formatMessage({ id: 'console.warehouse.line.orderMissed' }, { missed: order.missed })}</span> : null}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: 'mark',
            title: text('console.warehouse.line.mark'),
            render: (_, line) => (
              <Space orientation="vertical" size={4}>
                <MarkState line={line} />
                {markable ? <MarkControls key={`${line.sku_id}-${line.missed ?? 'none'}`} wave={wave} line={line} /> : null}
              </Space>
            ),
          },
        ]}
      />
    </section>
  );
}

/** What closing did to each order of the wave. */
function WaveOutcomes({ orders }: { orders: WaveOrder[] }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  return (
    <section className="console-wave-outcomes">
      <h3>{text('console.warehouse.outcomes')}</h3>
      <Table<WaveOrder>
        rowKey="order_no"
        size="small"
        className="console-wave-order-table"
        dataSource={orders}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={(order) => ({ 'data-order': order.order_no, 'data-outcome': order.outcome }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'order_no', dataIndex: 'order_no', title: text('console.warehouse.order.no') },
          { key: 'paid_at', title: text('console.warehouse.order.paidAt'), render: (_, order) => formatDate(order.paid_at, 'YYYY-MM-DD HH:mm') },
          { key: 'outcome', title: text('console.warehouse.order.outcome'), render: (_, order) => <OutcomeTag outcome={order.outcome} /> },
          { key: 'status', title: text('console.warehouse.order.status'), render: (_, order) => orderStatusName(intl, order.status) },
          { key: 'stock', title: text('console.warehouse.order.stock'), render: (_, order) => stockStatusName(intl, order.stock_status) },
        ]}
      />
    </section>
  );
}

/**
 * /admin/waves/:id (orders.read): a wave's pick list (拿货单), market → floor → stall → item
 * number → colour and size, each line with its quantity and the orders it serves. With
 * orders.write, while open: each line marked got or missed (partly missed allowed), a stall's or
 * the whole wave's unmarked lines marked got at once (lines marked missed left as they were, and
 * said so), a miss cleared only after asking, and the wave closed (unmarked lines count as got). The list downloads as Excel and prints one stall a page.
 * Closed, each order's outcome shows; while its orders are being settled it is asked every second.
 */
export default function WaveScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { can } = useStaffAccess();
  const { id = '' } = useParams();
  const [settling, setSettling] = useState(false);
  const { data: wave, error, isError } = useWaveQuery(
    { token, language, id },
    { refetchOnMountOrArgChange: true, pollingInterval: settling ? WAVE_POLL_MS : 0, skipPollingIfUnfocused: false },
  );
  const [close, { isLoading: closing }] = useCloseWaveMutation();
  const batch = useMarkAllGot(id);
  const [note, setNote] = useState<string | null>(null);
  const files = useWarehouseDownload();
  const text = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);

  const nowSettling = wave?.status === 'closing';
  if (nowSettling !== settling) setSettling(nowSettling);

  if (!wave) {
    if (isError) {
      return <Result status="404" className="console-wave-missing" title={failureText(error) ?? text('console.warehouse.wave.missing')} extra={<Link to="/waves">{text('console.warehouse.wave.back')}</Link>} />;
    }
    return <Spin className="console-loading" />;
  }

  const lines = wave.lines ?? [];
  const blocks = stallBlocks(lines);
  const unmarked = unmarkedCount(lines);
  const open = wave.status === 'open';
  const markable = open && can('orders.write');

  const onClose = async () => {
    let answer: Wave;
    try {
      answer = await close({ id: wave.id }).unwrap();
    } catch {
      return;
    }
    void toast(text(answer.status === 'closing' ? 'console.warehouse.wave.closing' : 'console.warehouse.wave.closed'), 'success');
  };

  return (
    <div className="console-wave" data-id={wave.id} data-status={wave.status}>
      <Space className="console-toolbar">
        <h2>{text('console.warehouse.wave.title', { id: wave.id })}</h2>
        <Space className="console-wave-actions">
          <Button
            icon={<DownloadOutlined />}
            className="console-wave-xlsx"
            loading={files.busy === 'xlsx'}
            onClick={() => void files.download({ key: 'xlsx', url: WAVE_XLSX_URL(wave.id), extension: '.xlsx', fallback: `${wave.id}.xlsx` })}
          >
            {text('console.warehouse.wave.excel')}
          </Button>
          <Button icon={<PrinterOutlined />} className="console-wave-print" onClick={() => window.print()}>
            {text('console.warehouse.wave.print')}
          </Button>
          {markable ? (
            <Popconfirm
              title={text('console.warehouse.wave.allGot.question', { unmarked })}
              description={text('console.warehouse.wave.allGot.description')}
              okText={text('console.warehouse.wave.allGot')}
              cancelText={text('console.cancel')}
              classNames={{ root: 'console-wave-all-got-confirm' }}
              disabled={unmarked === 0}
              onConfirm={() => void batch.run().then((words) => words && setNote(words))}
            >
              <Button className="console-wave-all-got" loading={batch.isLoading} disabled={unmarked === 0}>
                {text('console.warehouse.wave.allGot')}
              </Button>
            </Popconfirm>
          ) : null}
          {markable ? (
            <Popconfirm
              title={text('console.warehouse.wave.close.question')}
              description={text(unmarked > 0 ? 'console.warehouse.wave.close.unmarked' : 'console.warehouse.wave.close.allMarked', { unmarked })}
              okText={text('console.warehouse.wave.close')}
              cancelText={text('console.cancel')}
              onConfirm={onClose}
            >
              <Button type="primary" danger className="console-wave-close" loading={closing}>
                {text('console.warehouse.wave.close')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </Space>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} className="console-wave-summary">
        <Descriptions.Item label={text('console.warehouse.wave.status')}>
          <WaveStatusTag status={wave.status} />
        </Descriptions.Item>
        <Descriptions.Item label={text('console.warehouse.wave.scope')}>{waveScope(intl, wave)}</Descriptions.Item>
        <Descriptions.Item label={text('console.warehouse.wave.orders')}>{wave.order_count}</Descriptions.Item>
        <Descriptions.Item label={text('console.warehouse.wave.lines')}>{wave.line_count}</Descriptions.Item>
        <Descriptions.Item label={text('console.warehouse.wave.quantity')}>{wave.quantity}</Descriptions.Item>
        <Descriptions.Item label={text('console.warehouse.wave.missed')}>{wave.missed}</Descriptions.Item>
        <Descriptions.Item label={text('console.warehouse.wave.unmarked')}>
          <span className="console-wave-unmarked">{unmarked}</span>
        </Descriptions.Item>
        <Descriptions.Item label={text('console.warehouse.wave.created_at')}>{`${formatDate(wave.created_at, 'YYYY-MM-DD HH:mm')} ${waveActor(intl, wave.created_by)}`}</Descriptions.Item>
        {wave.closed_at ? (
          <Descriptions.Item label={text('console.warehouse.wave.closed_at')}>{`${formatDate(wave.closed_at, 'YYYY-MM-DD HH:mm')} ${waveActor(intl, wave.closed_by)}`}</Descriptions.Item>
        ) : null}
      </Descriptions>
      {note && open ? <Alert type="info" showIcon closable={{ onClose: () => setNote(null) }} className="console-wave-batch-note" title={note} /> : null}
      {wave.status === 'closing' ? <Alert type="info" showIcon className="console-wave-settling" title={text('console.warehouse.wave.settling')} /> : null}
      {wave.status !== 'open' && wave.orders ? <WaveOutcomes orders={wave.orders} /> : null}
      <div className="console-wave-pick-list">
        {blocks.map((block) => (
          <div key={block.key} className="console-wave-block">
            {block.firstOfMarket ? <h3 className="console-wave-market-head">{block.market_name}</h3> : null}
            <StallTable wave={wave} block={block} markable={markable} />
          </div>
        ))}
      </div>
      <p className="console-wave-back">
        <Link to="/waves">{text('console.warehouse.wave.back')}</Link>
      </p>
    </div>
  );
}
