import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ApiError } from '../api/base-query';
import { useStartExportMutation, type ExcelJob, type ExportFilters, type ExportTable } from '../api/excel-api';
import { useExcelDownload } from './excel-download';
import { ExcelProgress, useExcelJobPoll } from './excel-job';
import { useSitePath } from './site-path';

/** The export records screen (order module). */
export const EXCEL_HISTORY_PATH = '/exportExcelHistory';

/** A list call's body without its page: what an export of that list sends as `filters`. */
export const withoutPaging = <T extends { page: number; pagesize: number }>({ page: _page, pagesize: _pagesize, ...filters }: T) => filters;

type Phase = { step: 'starting' } | { step: 'started'; job: ExcelJob } | { step: 'refused'; msg: string };

/** A refusal to start as shown: the server's reason (a 422 names the bad filter), else 'file export failed'. */
function refusalText(error: ApiError, fallback: string): string {
  return error.kind === 'code' || (error.kind === 'http' && error.status === 422) ? error.msg || fallback : fallback;
}

/** The running export: its bar, then done (the file is saved once, automatically) or failed. */
function ExportJobView({ started, open }: { started: ExcelJob; open: boolean }) {
  const intl = useIntl();
  const to = useSitePath();
  const job = useExcelJobPoll(started, open) ?? started;
  const { download, busy } = useExcelDownload();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const saved = useRef<string | null>(null);
  useEffect(() => {
    if (job.status !== 'done' || saved.current === job.id) return;
    saved.current = job.id;
    void download(job);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per finished job
  }, [job.status, job.id]);

  const historyLink = (
    <Link to={to(EXCEL_HISTORY_PATH)} className="excel-history-link">
      {text('excel.history.open')}
    </Link>
  );

  if (job.status === 'failed') {
    const title = text('error.exportFailed');
    return (
      <Result
        className="excel-failed"
        status="error"
        title={title}
        subTitle={job.error && job.error !== title ? job.error : undefined}
        extra={historyLink}
      />
    );
  }
  if (job.status === 'done') {
    return (
      <Result
        className="excel-done"
        status="success"
        title={text('excel.export.done')}
        subTitle={<span className="excel-file-name">{text('excel.export.saved', { file: job.file_name, count: job.row_count })}</span>}
        extra={[
          <Button key="again" className="excel-download" icon={<DownloadOutlined />} loading={busy === job.id} onClick={() => void download(job)}>
            {text('excel.downloadAgain')}
          </Button>,
          <span key="history">{historyLink}</span>,
        ]}
      />
    );
  }
  return (
    <div className="excel-running">
      <ExcelProgress job={job} />
      <p className="excel-hint">{text('excel.export.background')}</p>
      {historyLink}
    </div>
  );
}

/**
 * 'Export' on a list screen (`.excel-export`): starts `excel/export` with the list's filters (the
 * request's language decides the workbook's headers), shows the job's progress in a dialog
 * (`.excel-export-modal`), saves the file when it is done and says 'file export failed' when it
 * is not. Closing the dialog stops asking; the job carries on and stays in the export records.
 */
export function ExcelExportButton({ table, filters, className }: { table: ExportTable; filters: ExportFilters; className?: string }) {
  const intl = useIntl();
  const [start] = useStartExportMutation();
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase | null>(null);
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const begin = async () => {
    setPhase({ step: 'starting' });
    setOpen(true);
    const result = await start({ table, filters });
    if ('data' in result && result.data) {
      setPhase({ step: 'started', job: result.data });
      return;
    }
    const error = result.error as ApiError;
    if (error.status === 401 || error.code === 401) {
      // the base query logged out and opened the login dialog
      setOpen(false);
      setPhase(null);
      return;
    }
    setPhase({ step: 'refused', msg: refusalText(error, text('error.exportFailed')) });
  };

  const failedTitle = text('error.exportFailed');
  return (
    <>
      <Button
        className={`excel-export${className ? ` ${className}` : ''}`}
        icon={<DownloadOutlined />}
        loading={phase?.step === 'starting'}
        onClick={() => void begin()}
      >
        {text('excel.export')}
      </Button>
      <Modal
        className="excel-export-modal"
        open={open}
        title={text('excel.export.title', { table: text(`excel.table.${table}`) })}
        footer={null}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        afterClose={() => setPhase(null)}
      >
        {phase?.step === 'starting' ? (
          <div className="excel-starting">
            <Spin size="small" /> {text('excel.export.starting')}
          </div>
        ) : phase?.step === 'refused' ? (
          <Result
            className="excel-failed"
            status="error"
            title={failedTitle}
            subTitle={phase.msg !== failedTitle ? <span className="excel-error">{phase.msg}</span> : undefined}
          />
        ) : phase?.step === 'started' ? (
          <ExportJobView key={phase.job.id} started={phase.job} open={open} />
        ) : null}
      </Modal>
    </>
  );
}
