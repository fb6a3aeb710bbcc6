import { DownloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ExcelJob } from '../api/excel-api';
import { useExcelDownload } from './excel-download';
import { EXCEL_HISTORY_PATH } from './excel-export';
import { ExcelProgress, useExcelJobPoll } from './excel-job';
import { useSitePath } from './site-path';

/**
 * The most products the dialog downloads as listing/package's stream. The package carries every
 * product's pictures, fetched and written as it streams: dozens of products take long enough
 * that the browser would hold the download open for a minute with nothing to show. More than
 * this many start listing/package_job instead, whose progress the dialog shows (and the export
 * record keeps, so closing the dialog loses nothing).
 */
export const LISTING_STREAM_MAX = 20;

/**
 * A listing package made as a background job (listing/package_job), in the listing dialog:
 * its bar in products (`.listing-package-progress`) with a hint that closing the dialog leaves it
 * running in the export record; then done, the zip saved once under the job's file name
 * (`.listing-package-done`, again with `.listing-package-again`), or failed with the job's error
 * (`.listing-package-failed`). Asks excel/job only while `open`. Each state links to the export
 * record (`.excel-history-link`); the links close the dialog (`onLeave`).
 */
export function ListingPackageJob({ started, open, shopName, onLeave }: { started: ExcelJob; open: boolean; shopName: string; onLeave: () => void }) {
  const intl = useIntl();
  const to = useSitePath();
  const job = useExcelJobPoll(started, open) ?? started;
  const { download, busy } = useExcelDownload('listing.package.failed');
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const saved = useRef<string | null>(null);
  useEffect(() => {
    if (job.status !== 'done' || saved.current === job.id) return;
    saved.current = job.id;
    void download(job);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per finished job
  }, [job.status, job.id]);

  const historyLink = (
    <Link key="history" to={to(EXCEL_HISTORY_PATH)} className="excel-history-link" onClick={onLeave}>
      {text('excel.history.open')}
    </Link>
  );

  if (job.status === 'failed') {
    const title = text('listing.package.failed');
    return (
      <Result
        className="listing-package-failed"
        status="error"
        title={title}
        subTitle={job.error && job.error !== title ? <span className="listing-package-error">{job.error}</span> : undefined}
        extra={historyLink}
      />
    );
  }
  if (job.status === 'done') {
    return (
      <Result
        className="listing-package-done"
        status="success"
        title={text('listing.package.ready')}
        subTitle={
          <span className="listing-package-file">
            {text('listing.package.saved', { file: job.file_name, count: job.row_count || job.progress.total, shop: shopName })}
          </span>
        }
        extra={[
          <Button key="again" className="listing-package-again" icon={<DownloadOutlined />} loading={busy === job.id} onClick={() => void download(job)}>
            {text('excel.downloadAgain')}
          </Button>,
          historyLink,
          <Link key="listings" to={to('/myListings')} className="listing-package-listings" onClick={onLeave}>
            {text('listing.package.viewListings')}
          </Link>,
        ]}
      />
    );
  }
  return (
    <div className="listing-package-progress excel-running">
      <p className="listing-package-making">{text('listing.package.making', { count: job.progress.total, shop: shopName })}</p>
      <ExcelProgress job={job} />
      <p className="listing-hint listing-package-background">{text('listing.package.background')}</p>
      {historyLink}
    </div>
  );
}
