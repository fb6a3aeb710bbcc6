import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Upload, type UploadFile } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import {
  SHIP_IMPORT_TEMPLATE_URL,
  useShipImportMutation,
  type ShipImportAction,
  type ShipImportAnswer,
  type ShipImportRow,
} from './warehouse-api';
import { failureText } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { useWarehouseDownload } from './downloads';
import { courierName } from './names';

const ROWS_PER_PAGE = 50;
const TEMPLATE_NAME = 'ship-import-template.xlsx';

const ACTION_COLOURS: Record<ShipImportAction, string> = { ship: 'blue', unchanged: 'default', refused: 'red', shipped: 'green', failed: 'red' };

/** What a preview counts, and what applying did. */
const PREVIEW_COUNTS: readonly ShipImportAction[] = ['ship', 'unchanged', 'refused'];
const APPLIED_COUNTS: readonly ShipImportAction[] = ['shipped', 'failed', 'unchanged', 'refused'];

const fileOf = (files: UploadFile[]) => (files[0]?.originFileObj as File | undefined) ?? null;

/** How many rows of each action (only those the answer counts). */
function ImportCounts({ answer }: { answer: ShipImportAnswer }) {
  const intl = useIntl();
  return (
    <span className="console-ship-import-counts">
      {(answer.applied ? APPLIED_COUNTS : PREVIEW_COUNTS).map((action) => (
        <Tag key={action} color={ACTION_COLOURS[action]} className={`console-ship-import-count is-${action}`} data-count={answer.counts[action]}>
          {intl.formatMessage({ id: `console.warehouse.import.count.${action}` }, { count: answer.counts[action] ?? 0 })}
        </Tag>
      ))}
    </span>
  );
}

/**
 * Tracking numbers from Excel (orders.write): the template; a sheet (order number, courier,
 * tracking number) is previewed first, row by row with what it would do and why a row is refused,
 * writing nothing; applying sends the same file again to ship, and shows what each row did.
 */
export function ShipImport() {
  const intl = useIntl();
  const files = useWarehouseDownload();
  const [send, { isLoading }] = useShipImportMutation();
  const [chosen, setChosen] = useState<UploadFile[]>([]);
  const [answer, setAnswer] = useState<ShipImportAnswer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState<'preview' | 'apply' | null>(null);
  const [page, setPage] = useState(1);
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const file = fileOf(chosen);

  const run = async (apply: boolean) => {
    if (!file) {
      setRefusal(text('console.warehouse.import.chooseFirst'));
      return;
    }
    if (!file.name.toLowerCase().endsWith('.xlsx')) {
      setRefusal(text('console.warehouse.import.type'));
      return;
    }
    setRefusal(null);
    setSending(apply ? 'apply' : 'preview');
    try {
      const next = await send({ file, apply }).unwrap();
      setAnswer(next);
      setPage(1);
      if (apply) void toast(text('console.warehouse.import.appliedToast', { shipped: next.counts.shipped ?? 0, failed: next.counts.failed ?? 0 }), 'success');
    } catch (error) {
      setRefusal(failureText(error) ?? text('error.http.other'));
    } finally {
      setSending(null);
    }
  };

  const toShip = answer && !answer.applied ? (answer.counts.ship ?? 0) : 0;

  return (
    <Card
      title={text('console.warehouse.import.title')}
      className="console-card console-ship-import"
      extra={
        <Button
          type="link"
          icon={<DownloadOutlined />}
          className="console-ship-import-template"
          loading={files.busy === 'template'}
          onClick={() => void files.download({ key: 'template', url: SHIP_IMPORT_TEMPLATE_URL, extension: '.xlsx', fallback: TEMPLATE_NAME })}
        >
          {text('console.warehouse.import.template')}
        </Button>
      }
    >
      <Space wrap className="console-ship-import-form">
        <Upload
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          beforeUpload={() => false}
          fileList={chosen}
          className="console-ship-import-file"
          onChange={({ fileList }) => {
            setChosen(fileList.slice(-1));
            setAnswer(null);
            setRefusal(null);
          }}
        >
          <Button icon={<UploadOutlined />}>{text('console.warehouse.import.choose')}</Button>
        </Upload>
        <Button className="console-ship-import-preview" loading={sending === 'preview'} disabled={isLoading && sending !== 'preview'} onClick={() => void run(false)}>
          {text('console.warehouse.import.preview')}
        </Button>
      </Space>
      <p className="console-hint">{text('console.warehouse.import.hint')}</p>
      {refusal ? <Alert type="error" showIcon className="console-ship-import-refusal" title={refusal} /> : null}
      {answer ? (
        <div className="console-ship-import-answer" data-applied={String(answer.applied)}>
          <Alert
            type={answer.applied ? 'success' : 'info'}
            showIcon
            className={answer.applied ? 'console-ship-import-applied' : 'console-ship-import-previewed'}
            title={text(answer.applied ? 'console.warehouse.import.applied' : 'console.warehouse.import.previewed')}
            description={<ImportCounts answer={answer} />}
            action={
              answer.applied ? null : (
                <Popconfirm
                  title={text('console.warehouse.import.apply.question', { count: toShip })}
                  okText={text('console.ok')}
                  cancelText={text('console.cancel')}
                  onConfirm={() => run(true)}
                  disabled={toShip === 0}
                >
                  <Button type="primary" className="console-ship-import-apply" disabled={toShip === 0} loading={sending === 'apply'}>
                    {text('console.warehouse.import.apply')}
                  </Button>
                </Popconfirm>
              )
            }
          />
          <Table<ShipImportRow>
            rowKey="row"
            size="small"
            className="console-ship-import-rows"
            dataSource={answer.rows}
            rowClassName={(row) => `console-ship-import-row is-${row.action}`}
            onRow={(row) => ({ 'data-row': row.row, 'data-action': row.action }) as HTMLAttributes<HTMLElement>}
            pagination={{ current: page, pageSize: ROWS_PER_PAGE, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { key: 'row', dataIndex: 'row', title: text('console.warehouse.import.row'), width: 80 },
              { key: 'order_no', dataIndex: 'order_no', title: text('console.warehouse.order.no') },
              { key: 'courier', title: text('console.warehouse.order.courier'), render: (_, row) => courierName(intl, row.courier) },
              { key: 'tracking_no', dataIndex: 'tracking_no', title: text('console.warehouse.order.trackingNo') },
              {
                key: 'action',
                title: text('console.warehouse.import.action'),
                render: (_, row) => (
                  <Tag color={ACTION_COLOURS[row.action] ?? 'default'} className="console-ship-import-action">
                    {text(`console.warehouse.import.action.${row.action}`)}
                  </Tag>
                ),
              },
              { key: 'reason', title: text('console.warehouse.import.reason'), render: (_, row) => <span className="console-ship-import-reason">{row.reason}</span> },
            ]}
          />
        </div>
      ) : null}
    </Card>
  );
}
