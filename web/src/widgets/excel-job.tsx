import { Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../api/api';
import type { ApiError } from '../api/base-query';
import { useExcelJobQuery, type ExcelJob } from '../api/excel-api';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { selectLanguage, selectToken } from '../state/session-slice';
import './excel.css';

/** How often a running job is asked for its progress. */
export const EXCEL_POLL_MS = 1000;

/**
 * The latest state of a job that was answered running: asks `excel/job` every second while it
 * runs and `active`, and stops once it is done or failed. A job seen finishing asks the export
 * history again; an import that created orders also asks the order lists again.
 */
export function useExcelJobPoll(initial: ExcelJob | null, active = true): ExcelJob | null {
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const dispatch = useAppDispatch();
  // the job whose final answer came: no more asking (kept per job, a new one polls again)
  const [settled, setSettled] = useState<string | null>(null);
  const { data, error } = useExcelJobQuery(
    { token, language, id: initial?.id ?? '' },
    {
      skip: !token || !initial || !active || initial.status !== 'running',
      pollingInterval: initial && settled === initial.id ? 0 : EXCEL_POLL_MS,
      skipPollingIfUnfocused: false,
    },
  );
  // a job the server no longer knows (404) will not finish: shown failed; other failures are asked again
  const gone = (error as ApiError | undefined)?.status === 404;
  const job = !initial ? null : gone ? { ...initial, status: 'failed' as const, error: '' } : data && data.id === initial.id ? data : initial;
  const finished = job !== null && job.status !== 'running';
  if (finished && settled !== job.id) setSettled(job.id);

  const finishedId = finished && initial?.status === 'running' ? job.id : null;
  const createdOrders = job?.kind === 'import' && (job.report?.created ?? 0) > 0;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!finishedId || reported.current === finishedId) return;
    reported.current = finishedId;
    dispatch(api.util.invalidateTags(createdOrders ? ['ExcelJob', 'Order'] : ['ExcelJob']));
  }, [finishedId, createdOrders, dispatch]);

  return job;
}

/** Percent of a job's progress, 0..100 (0 while the total is not known yet). */
function progressPercent(progress: { done: number; total: number }): number {
  const { done, total } = progress;
  if (!(total > 0) || !(done > 0)) return 0;
  return Math.min(100, Math.floor((done * 100) / total));
}

/** What a job's progress counts, by its table: rows of a spreadsheet, the products of a listing package. */
const PROGRESS_TEXT: Record<string, string> = { listing_package: 'excel.progress.products' };

/** A running job's bar with 'n / total rows' ('n / total products' for a listing package; `.excel-progress`, `data-done`, `data-total`). */
export function ExcelProgress({ job, size = 'default' }: { job: ExcelJob; size?: 'default' | 'small' }) {
  const intl = useIntl();
  const { done, total } = job.progress;
  const counted = PROGRESS_TEXT[job.table] ?? 'excel.progress.rows';
  return (
    <div className={`excel-progress excel-progress-${size}`} data-done={done} data-total={total}>
      <Progress percent={progressPercent(job.progress)} status="active" showInfo={false} {...(size === 'small' ? { size: 'small' as const } : {})} />
      <span className="excel-progress-text">
        {total > 0 ? intl.formatMessage({ id: counted }, { done, total }) : intl.formatMessage({ id: 'excel.progress.preparing' })}
      </span>
    </div>
  );
}
