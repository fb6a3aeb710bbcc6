import { Alert, Button, Descriptions, Popconfirm, Radio, Result, Spin, Table, Tag } from 'antd';
import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { consoleCatalogueApi } from './catalogue-api';
import {
  consoleImportsApi,
  IMPORT_ACTIONS,
  IMPORT_POLL_MS,
  isImportRunning,
  useConfirmImportMutation,
  useProductImportQuery,
  type ImportAction,
  type ImportRow,
  type ImportStatus as Status,
} from './imports-api';
import { formatDate } from '../../lib/format-date';
import { failureText } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleDispatch, useConsoleSelector } from '../../state/console-hooks';
import { importActor, ImportCounts, ImportStatus } from './import-parts';

const ROWS_PER_PAGE = 50;

const ACTION_COLOURS: Record<ImportAction, string> = { create: 'green', update: 'blue', unchanged: 'default', refused: 'red', conflict: 'orange' };

const isRefused = (row: ImportRow) => row.action === 'refused' || row.action === 'conflict';

/**
 * /admin/imports/:id (imports.write): one import. While it is checked or applied it is asked
 * every second (with its progress); `ready` shows the preview, row by row (filter by action,
 * refused and conflicting rows marked with their reason) and Confirm; then the result. Seeing it
 * applied drops what the console holds of products, stalls and categories.
 */
export default function ImportScreen() {
  const intl = useIntl();
  const dispatch = useConsoleDispatch();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { id = '' } = useParams();
  const [running, setRunning] = useState(false);
  const { data: job, error, isError } = useProductImportQuery(
    { token, language, id },
    { refetchOnMountOrArgChange: true, pollingInterval: running ? IMPORT_POLL_MS : 0, skipPollingIfUnfocused: false },
  );
  const [confirm, { isLoading: confirming }] = useConfirmImportMutation();
  const [action, setAction] = useState<ImportAction | 'all'>('all');
  const [page, setPage] = useState(1);
  const seen = useRef<Status | null>(null);
  const text = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);

  const nowRunning = job ? isImportRunning(job.status) : false;
  if (nowRunning !== running) setRunning(nowRunning);

  useEffect(() => {
    if (!job) return;
    if (job.status === 'applied' && seen.current !== null && seen.current !== 'applied') {
      dispatch(consoleCatalogueApi.util.invalidateTags(['Product', 'Stall', 'Category', 'Market']));
      dispatch(consoleImportsApi.util.invalidateTags(['Import']));
    }
    seen.current = job.status;
  }, [job, dispatch]);

  if (!job) {
    if (isError) {
      return <Result status="404" className="console-import-missing" title={failureText(error) ?? text('console.import.missing')} extra={<Link to="/imports">{text('console.import.back')}</Link>} />;
    }
    return <Spin className="console-loading" />;
  }

  const rows = job.rows ?? [];
  const shown = action === 'all' ? rows : rows.filter((row) => row.action === action);
  const onConfirm = async () => {
    try {
      await confirm({ id: job.id }).unwrap();
    } catch {
      return;
    }
    void toast(text('console.import.confirmed'), 'success');
  };

  return (
    <div className="console-import" data-id={job.id} data-status={job.status}>
      <h2>{text('console.import.title', { file: job.file_name })}</h2>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} className="console-import-summary">
        <Descriptions.Item label={text('console.import.status')}>
          <ImportStatus job={job} />
        </Descriptions.Item>
        <Descriptions.Item label={text('console.import.who')}>{importActor(intl, job)}</Descriptions.Item>
        <Descriptions.Item label={text('console.import.at')}>{formatDate(job.created_at)}</Descriptions.Item>
        <Descriptions.Item label={text('console.import.counts')}>
          <ImportCounts job={job} />
        </Descriptions.Item>
        {job.applied_at ? <Descriptions.Item label={text('console.import.appliedAt')}>{formatDate(job.applied_at)}</Descriptions.Item> : null}
      </Descriptions>
      {job.status === 'failed' ? <Alert type="error" showIcon className="console-import-error" title={job.error || text('console.import.failed')} /> : null}
      {job.status === 'checking' ? <Alert type="info" showIcon className="console-import-checking" title={text('console.import.checking')} /> : null}
      {job.status === 'ready' ? (
        <Alert
          type={job.counts.refused > 0 ? 'warning' : 'info'}
          showIcon
          className="console-import-ready"
          title={text(job.counts.refused > 0 ? 'console.import.ready.refused' : 'console.import.ready', { refused: job.counts.refused })}
          action={
            <Popconfirm
              title={text('console.import.confirm.question', { create: job.counts.create, update: job.counts.update })}
              okText={text('console.ok')}
              cancelText={text('console.cancel')}
              onConfirm={onConfirm}
            >
              <Button type="primary" loading={confirming} className="console-import-confirm">
                {text('console.import.confirm')}
              </Button>
            </Popconfirm>
          }
        />
      ) : null}
      {job.status === 'applying' ? <Alert type="info" showIcon className="console-import-applying" title={text('console.import.applying')} /> : null}
      {job.status === 'applied' ? (
        <Result
          status="success"
          className="console-import-applied"
          title={text('console.import.applied', { create: job.counts.create, update: job.counts.update })}
          extra={<Link to="/products">{text('console.import.toProducts')}</Link>}
        />
      ) : null}
      {rows.length > 0 ? (
        <>
          <Radio.Group
            className="console-import-filter"
            optionType="button"
            value={action}
            onChange={(event) => {
              setAction(event.target.value as ImportAction | 'all');
              setPage(1);
            }}
            options={[
              { value: 'all', label: text('console.import.action.all', { count: rows.length }) },
              ...IMPORT_ACTIONS.map((value) => ({
                value,
                label: text(`console.import.action.${value}.count`, { count: rows.filter((row) => row.action === value).length }),
                className: `console-import-filter-${value}`,
              })),
            ]}
          />
          <Table<ImportRow>
            rowKey="row"
            size="small"
            className="console-import-rows"
            dataSource={shown}
            rowClassName={(row) => `console-import-row${isRefused(row) ? ' is-refused' : ''}`}
            onRow={(row) => ({ 'data-row': row.row, 'data-action': row.action }) as HTMLAttributes<HTMLElement>}
            pagination={{ current: page, pageSize: ROWS_PER_PAGE, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { key: 'row', dataIndex: 'row', title: text('console.import.row'), width: 80 },
              {
                key: 'action',
                title: text('console.import.action'),
                render: (_, row) => <Tag color={ACTION_COLOURS[row.action]}>{text(`console.import.action.${row.action}`)}</Tag>,
              },
              { key: 'stall', dataIndex: 'stall', title: text('console.product.stall') },
              { key: 'item_no', dataIndex: 'item_no', title: text('console.product.itemNo') },
              { key: 'colour', dataIndex: 'colour', title: text('console.product.colour') },
              { key: 'size', dataIndex: 'size', title: text('console.product.size') },
              { key: 'reason', title: text('console.import.reason'), render: (_, row) => <span className="console-import-reason">{row.reason}</span> },
            ]}
          />
        </>
      ) : null}
      <p>
        <Link to="/imports" className="console-import-back">
          {text('console.import.back')}
        </Link>
      </p>
    </div>
  );
}
