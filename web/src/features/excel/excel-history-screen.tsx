import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useExcelHistoryQuery, useExcelJobQuery, type ExcelJob } from '../../api/excel-api';
import { useExcelDownload } from '../../widgets/excel-download';
import { EXCEL_POLL_MS, ExcelProgress } from '../../widgets/excel-job';
import { useAppSelector } from '../../state/hooks';
import { LoginRequired } from '../../widgets/login-required';
import { usePaginationTexts } from '../../widgets/pagination';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { HISTORY_KINDS, HISTORY_PAGE_SIZES, historyBody, historyFromSearch, historySearch, type HistoryFilters, type HistoryKind } from './excel-logic';
import { ImportDialog } from './import-dialog';
import { ImportReportView } from './import-report';
import './excel.css';

const STATUS_COLOURS: Record<string, string> = { running: 'processing', done: 'success', failed: 'error' };

/** A job's status: the bar while it runs, done, or failed with the reason. */
function JobStatus({ job }: { job: ExcelJob }) {
  const intl = useIntl();
  if (job.status === 'running') return <ExcelProgress job={job} size="small" />;
  const known = job.status === 'done' || job.status === 'failed';
  return (
    <span className="excel-job-state">
      <Tag className="excel-job-status" color={STATUS_COLOURS[job.status]}>
        {intl.formatMessage({ id: known ? `excel.status.${job.status}` : 'error.unknownStatus' })}
      </Tag>
      {job.status === 'failed' ? (
        <span className="excel-job-error">{job.error || intl.formatMessage({ id: job.kind === 'import' ? 'upload.failed' : 'error.exportFailed' })}</span>
      ) : null}
    </span>
  );
}

/**
 * `/exportExcelHistory` (order module): the caller's exports and imports, newest first, with a
 * kind tab (all / export / import) and pages kept in the address (`kind`, `page`, `size`). Each
 * job (`.excel-job`, `data-id`, `data-status`) shows its table name and type, time, rows, file
 * name and status; a done job's file downloads again (`.excel-download`) and an import's report
 * opens in a dialog (`.excel-report-open`). While any job runs the page is asked every second.
 * The batch upload opens from here (`.excel-import-open`, or `?import=1` from the order list).
 */
export default function ExcelHistoryScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  const { showTotal } = usePaginationTexts();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [params] = useSearchParams();
  const filters = historyFromSearch(params);
  const [importing, setImporting] = useState(() => params.get('import') === '1');
  const [reportOf, setReportOf] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const { data, isLoading, isFetching } = useExcelHistoryQuery(
    { token, language, ...historyBody(filters) },
    { skip: !token, refetchOnMountOrArgChange: true, pollingInterval: running ? EXCEL_POLL_MS : 0, skipPollingIfUnfocused: false },
  );
  // The record's list carries only a report's counts; its rows come with the job itself.
  const { data: reported } = useExcelJobQuery({ token, language, id: reportOf ?? '' }, { skip: !token || !reportOf });
  const { download, busy } = useExcelDownload();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const jobs = data?.list ?? [];
  const anyRunning = jobs.some((job) => job.status === 'running');
  if (anyRunning !== running) setRunning(anyRunning);

  if (!token) return <LoginRequired />;

  const go = (next: HistoryFilters) => {
    const query = historySearch(next);
    void navigate(to(`/exportExcelHistory${query ? `?${query}` : ''}`));
  };
  const closeImport = () => {
    setImporting(false);
    if (params.get('import')) go(filters);
  };
  const reportJob = reportOf && reported?.id === reportOf ? reported : undefined;

  return (
    <div className="excel-page">
      <header className="excel-head">
        <h1 className="page-title">{text('route.exportExcelHistory')}</h1>
        <p className="page-hint">{text('excel.history.intro')}</p>
        <span className="excel-head-actions">
          <Link to={to('/orderList')} className="excel-order-list">
            {text('route.orderList')}
          </Link>
          <Button type="primary" className="excel-import-open" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {text('excel.import.title')}
          </Button>
        </span>
      </header>
      <Tabs
        className="excel-kinds"
        activeKey={filters.kind}
        onChange={(kind) => go({ ...filters, kind: kind as HistoryKind, page: 1 })}
        items={HISTORY_KINDS.map((kind) => ({ key: kind, label: <span className={`excel-kind excel-kind-${kind}`}>{text(`excel.kind.${kind}`)}</span> }))}
      />
      {isLoading ? (
        <Skeleton active className="excel-history-skeleton" paragraph={{ rows: 5 }} />
      ) : jobs.length === 0 ? (
        <Empty className="excel-history-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('excel.history.empty')} />
      ) : (
        <div className={`excel-table-wrap${isFetching && !running ? ' is-refreshing' : ''}`} aria-busy={isFetching && !running}>
          <table className="excel-table excel-history">
            <thead>
              <tr>
                <th scope="col">{text('excel.col.tableName')}</th>
                <th scope="col">{text('excel.col.tableType')}</th>
                <th scope="col">{text('excel.col.time')}</th>
                <th scope="col" className="is-right">
                  {text('excel.col.rows')}
                </th>
                <th scope="col">{text('excel.col.fileName')}</th>
                <th scope="col">{text('excel.col.status')}</th>
                <th scope="col">{text('excel.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} className="excel-job" data-id={job.id} data-status={job.status} data-kind={job.kind}>
                  <td className="excel-job-table">{job.table_name}</td>
                  <td className="excel-job-type">{job.table_type}</td>
                  <td className="excel-job-time">{formatDate(job.created_at)}</td>
                  <td className="excel-job-rows is-right">{job.status === 'running' ? '—' : job.row_count}</td>
                  <td className="excel-job-file" translate="no">
                    {job.file_name}
                  </td>
                  <td className="excel-job-state-cell">
                    <JobStatus job={job} />
                  </td>
                  <td className="excel-job-actions">
                    {job.status === 'done' ? (
                      <Button
                        size="small"
                        type="link"
                        className="excel-download"
                        icon={<DownloadOutlined />}
                        loading={busy === job.id}
                        onClick={() => void download(job)}
                      >
                        {text('excel.download')}
                      </Button>
                    ) : null}
                    {job.kind === 'import' && job.report ? (
                      <Button size="small" type="link" className="excel-report-open" onClick={() => setReportOf(job.id)}>
                        {text('excel.report.open')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(data?.total ?? 0) > 0 ? (
        <Pagination
          className="excel-pagination"
          current={filters.page}
          pageSize={filters.pagesize}
          total={data?.total ?? 0}
          showTotal={showTotal}
          showSizeChanger
          pageSizeOptions={HISTORY_PAGE_SIZES.map(String)}
          onChange={(page, size) => go({ ...filters, page: size !== filters.pagesize ? 1 : page, pagesize: size })}
        />
      ) : null}
      <ImportDialog open={importing} onClose={closeImport} />
      <Modal
        className="excel-report-modal"
        open={Boolean(reportJob?.report)}
        title={reportJob ? text('excel.report.title', { file: reportJob.file_name }) : null}
        footer={null}
        width={760}
        destroyOnHidden
        onCancel={() => setReportOf(null)}
      >
        {reportJob?.report ? <ImportReportView report={reportJob.report} /> : null}
      </Modal>
    </div>
  );
}
