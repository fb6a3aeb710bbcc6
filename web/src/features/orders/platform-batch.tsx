import { DownloadOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ExcelJob, ImportReport } from '../../api/excel-api';
import { useForwardSettingsQuery } from '../../api/forward-settings-api';
import { PLATFORM_WRITEBACK_URL, useOrderPlatformImportMutation, type PlatformPreview } from '../../api/platform-orders-api';
import { COURIER_CODES, courierKey } from '../../lib/shipping';
import { saveBlob } from '../../lib/file-download';
import { useAppSelector } from '../../state/hooks';
import { selectSession } from '../../state/session-slice';
import { fetchExcelFile } from '../../widgets/excel-download';
import { ExcelProgress, useExcelJobPoll } from '../../widgets/excel-job';
import { useSitePath } from '../../widgets/site-path';
import { orderDetailPath } from './order-parts';

type Text = (id: string, values?: Record<string, string | number>) => string;

const OUTCOME_COLOURS: Record<string, string> = { created: 'success', duplicate: 'warning', failed: 'error', skipped: 'default' };
/** The order list's 'pending payment' tab, where the placed orders wait. */
const PENDING_ORDERS_PATH = '/orderList?tab=pending_payment';

/** What ordering the batch did (`.platform-report`): created / duplicate / failed (and skipped) counts and one row per order. */
function Report({ report, text }: { report: ImportReport; text: Text }) {
  const to = useSitePath();
  return (
    <div className="platform-report">
      <div className="platform-report-summary">
        <span className="platform-report-count platform-report-created" data-count={report.created}>
          {text('excel.report.created', { count: report.created })}
        </span>
        <span className="platform-report-count platform-report-duplicate" data-count={report.duplicate}>
          {text('excel.report.duplicate', { count: report.duplicate })}
        </span>
        <span className="platform-report-count platform-report-failed" data-count={report.failed}>
          {text('excel.report.failed', { count: report.failed })}
        </span>
        {report.skipped ? (
          <span className="platform-report-count platform-report-skipped" data-count={report.skipped}>
            {text('excel.report.skipped', { count: report.skipped })}
          </span>
        ) : null}
        {report.created > 0 ? (
          <Link to={to(PENDING_ORDERS_PATH)} className="platform-report-pay">
            <Button type="primary" size="small">
              {text('excel.report.pay')}
            </Button>
          </Link>
        ) : null}
      </div>
      <ul className="platform-report-rows">
        {[...report.rows]
          .sort((a, b) => a.row - b.row)
          .map((row) => (
            <li key={`${row.row}-${row.source_order_no}`} className={`platform-report-row is-${row.outcome}`} data-source={row.source_order_no} data-outcome={row.outcome}>
              <span className="platform-report-source">{row.source_order_no}</span>{' '}
              <Tag color={OUTCOME_COLOURS[row.outcome]}>{text(row.outcome in OUTCOME_COLOURS ? `excel.outcome.${row.outcome}` : 'error.unknownStatus')}</Tag>{' '}
              {row.order_no ? (
                <Link to={to(orderDetailPath(row.order_no))} className="platform-report-order">
                  {row.order_no}
                </Link>
              ) : null}{' '}
              {row.reason ? <span className="platform-report-reason">{row.reason}</span> : null}
            </li>
          ))}
      </ul>
    </div>
  );
}

/** The ordering job: its progress while it runs, then its report (or why it failed). */
function JobView({ job, text }: { job: ExcelJob; text: Text }) {
  if (job.status === 'running') {
    return (
      <div className="platform-job is-running">
        <ExcelProgress job={job} />
      </div>
    );
  }
  if (job.status === 'failed') return <Alert className="platform-job is-failed" type="error" showIcon title={job.error || text('upload.failed')} />;
  return <div className="platform-job is-done">{job.report ? <Report report={job.report} text={text} /> : null}</div>;
}

/** Downloads the import's write-back file; a refusal ('nothing shipped yet') is shown under the button. */
function Writeback({ importId, text }: { importId: string; text: Text }) {
  const { token, language, areaSite } = useAppSelector(selectSession);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await fetchExcelFile({ id: importId, fileName: 'writeback.xlsx', token, language, areaSite, url: PLATFORM_WRITEBACK_URL, body: { id: importId } });
      if (result.ok) saveBlob(result.blob, result.fileName);
      else setProblem(result.msg || text('error.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="platform-writeback">
      <Button icon={<DownloadOutlined />} className="platform-writeback-button" loading={busy} onClick={() => void download()}>
        {text('platformOrders.writeback')}
      </Button>
      <span className="platform-hint">{text('platformOrders.writeback.hint')}</span>
      {problem ? <Alert className="platform-writeback-error" type="error" showIcon title={problem} /> : null}
    </div>
  );
}

/**
 * Orders the import with a courier (`.platform-courier`, the drop-shipping settings' courier
 * first), follows the job (`order/platform/order`, then `excel/job`) and shows its report; the
 * write-back file of what has shipped.
 */
export function BatchPanel({ preview, onFinished }: { preview: PlatformPreview; onFinished: () => void }) {
  const intl = useIntl();
  const text: Text = (id, values) => intl.formatMessage({ id }, values);
  const { token } = useAppSelector(selectSession);
  const { data: settings } = useForwardSettingsQuery({ token }, { skip: !token });
  const [courier, setCourier] = useState<string | null>(null);
  const [started, setStarted] = useState<ExcelJob | null>(null);
  const [order, { isLoading }] = useOrderPlatformImportMutation();
  const job = useExcelJobPoll(started ?? preview.job);
  const chosen = courier ?? settings?.courier ?? COURIER_CODES[0];

  // a job seen finishing asks the preview again (its orders are placed now)
  const running = job?.status === 'running';
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (wasRunning.current) {
      wasRunning.current = false;
      onFinished();
    }
  }, [running, onFinished]);

  const submit = async () => {
    try {
      setStarted(await order({ id: preview.id, courier: chosen }).unwrap());
    } catch {
      // the base query toasted the refusal
    }
  };
  const placeable = preview.totals.ready;

  return (
    <section className="platform-batch">
      <div className="platform-batch-form">
        <span className="platform-batch-label">{text('order.courier')}</span>
        <Select
          className="platform-courier"
          classNames={{ popup: { root: 'platform-courier-popup' } }}
          value={chosen}
          onChange={setCourier}
          style={{ minWidth: 160 }}
          options={COURIER_CODES.map((code) => ({ value: code, label: text(courierKey(code)!) }))}
        />
        <Button type="primary" icon={<ShoppingCartOutlined />} className="platform-order-batch" loading={isLoading} disabled={running || placeable === 0} onClick={() => void submit()}>
          {text('platformOrders.orderBatch', { count: placeable })}
        </Button>
        <span className="platform-hint">{text('platformOrders.orderBatch.hint')}</span>
      </div>
      {job ? <JobView job={job} text={text} /> : null}
      <Writeback importId={preview.id} text={text} />
    </section>
  );
}
