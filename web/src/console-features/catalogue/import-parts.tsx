import { Progress, Tag } from 'antd';
import { useIntl, type IntlShape } from 'react-intl';
import { isImportRunning, type ProductImport } from './imports-api';

const STATUS_COLOURS: Record<ProductImport['status'], string> = {
  checking: 'processing',
  ready: 'gold',
  applying: 'processing',
  applied: 'success',
  failed: 'error',
};

/** An import's status, with its progress while it is checked or applied. */
export function ImportStatus({ job }: { job: ProductImport }) {
  const intl = useIntl();
  const running = isImportRunning(job.status);
  const percent = job.progress.total > 0 ? Math.floor((job.progress.done * 100) / job.progress.total) : 0;
  return (
    <span className="console-import-status" data-status={job.status}>
      <Tag color={STATUS_COLOURS[job.status]}>{intl.formatMessage({ id: `console.import.status.${job.status}` })}</Tag>
      {running ? (
        <span className="console-import-progress" data-done={job.progress.done} data-total={job.progress.total}>
          <Progress percent={percent} size="small" style={{ width: 120 }} />
          <span className="console-hint">{`${job.progress.done} / ${job.progress.total}`}</span>
        </span>
      ) : null}
    </span>
  );
}

/** How many rows create, update, leave or refuse. */
export function ImportCounts({ job }: { job: ProductImport }) {
  const intl = useIntl();
  const keys = ['create', 'update', 'unchanged', 'refused', 'conflict'] as const;
  return (
    <span className="console-import-counts">
      {keys
        .filter((key) => job.counts[key] !== undefined)
        .map((key) => (
          <span key={key} className={`console-import-count console-import-count-${key}`} data-count={job.counts[key]}>
            {intl.formatMessage({ id: `console.import.count.${key}` }, { count: job.counts[key] ?? 0 })}
          </span>
        ))}
    </span>
  );
}

/** Who uploaded it: the staff member's name, or the operator. */
export function importActor(intl: IntlShape, job: ProductImport): string {
  return job.actor_name ?? intl.formatMessage({ id: 'console.audit.actor.operator' });
}
