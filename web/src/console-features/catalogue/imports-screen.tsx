import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space, Table, Upload, type UploadFile } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { fetchConsoleFile } from '../../api/console-file';
import {
  IMPORT_POLL_MS,
  IMPORT_TEMPLATE_URL,
  isImportRunning,
  useImportsQuery,
  useStartImportMutation,
  type ProductImport,
} from './imports-api';
import { dispositionFileName, safeDownloadName, saveBlob } from '../../lib/file-download';
import { formatDate } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { consoleLoggedOut, selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleDispatch, useConsoleSelector } from '../../state/console-hooks';
import { showRefusal } from '../../widgets/form-refusal';
import { importActor, ImportCounts, ImportStatus } from './import-parts';
import { importPath } from './links';

const PAGE_SIZE = 20;
const TEMPLATE_NAME = 'product-import-template.xlsx';

interface UploadValues {
  file: UploadFile[];
  pictures?: UploadFile[];
}

const fileOf = (files: UploadFile[] | undefined) => (files?.[0]?.originFileObj as File | undefined) ?? null;
const hasExtension = (name: string, extension: string) => name.toLowerCase().endsWith(extension);

/** Downloads the import template with the admin token (a link cannot send it) and saves it. */
function useTemplateDownload() {
  const intl = useIntl();
  const dispatch = useConsoleDispatch();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const answer = await fetchConsoleFile(IMPORT_TEMPLATE_URL, token, language);
      if (answer.ok) {
        saveBlob(answer.blob, safeDownloadName(dispositionFileName(answer.disposition), '.xlsx') ?? TEMPLATE_NAME);
        return;
      }
      if (answer.status === 401) {
        void toast(answer.msg || intl.formatMessage({ id: 'error.http.401' }), 'error', 'unauthorized');
        dispatch(consoleLoggedOut());
        return;
      }
      void toast(answer.msg || intl.formatMessage({ id: 'console.import.templateFailed' }), 'error');
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}

/** The sheet (.xlsx, required) and a zip of the pictures it names (optional); sent, the import opens. */
function ImportUpload() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [form] = Form.useForm<UploadValues>();
  const [start, { isLoading }] = useStartImportMutation();
  const template = useTemplateDownload();
  const text = (id: string) => intl.formatMessage({ id });
  const picker = (accept: string, className: string, label: string) => (
    <Upload accept={accept} maxCount={1} beforeUpload={() => false} className={className}>
      <Button icon={<UploadOutlined />}>{label}</Button>
    </Upload>
  );
  const normalise = (event: { fileList?: UploadFile[] } | UploadFile[]) => (Array.isArray(event) ? event : (event.fileList ?? []));
  const onFinish = async (values: UploadValues) => {
    const file = fileOf(values.file);
    if (!file) return;
    let job: ProductImport;
    try {
      job = await start({ file, pictures: fileOf(values.pictures) }).unwrap();
    } catch (error) {
      showRefusal(form, error, ['file', 'pictures']);
      return;
    }
    // the server answers once the check is done, or after a few seconds while it still runs
    void toast(text(job.status === 'checking' ? 'console.import.started' : 'console.import.uploaded'), 'success');
    void navigate(importPath(job.id));
  };
  return (
    <Card
      title={text('console.import.upload')}
      className="console-card console-import-upload"
      extra={
        <Button type="link" icon={<DownloadOutlined />} className="console-import-template" loading={template.busy} onClick={() => void template.download()}>
          {text('console.import.template')}
        </Button>
      }
    >
      <Form<UploadValues> form={form} layout="inline" requiredMark={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item
          name="file"
          label={text('console.import.sheet')}
          valuePropName="fileList"
          getValueFromEvent={normalise}
          rules={[
            {
              validator: async (_rule, files: UploadFile[] | undefined) => {
                const file = files?.[0];
                if (!file) throw new Error(text('console.import.sheet.required'));
                if (!hasExtension(file.name, '.xlsx')) throw new Error(text('console.import.sheet.type'));
              },
            },
          ]}
        >
          {picker('.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'console-import-file', text('console.import.chooseSheet'))}
        </Form.Item>
        <Form.Item
          name="pictures"
          label={text('console.import.pictures')}
          valuePropName="fileList"
          getValueFromEvent={normalise}
          rules={[
            {
              validator: async (_rule, files: UploadFile[] | undefined) => {
                const file = files?.[0];
                if (file && !hasExtension(file.name, '.zip')) throw new Error(text('console.import.pictures.type'));
              },
            },
          ]}
        >
          {picker('.zip,application/zip', 'console-import-pictures', text('console.import.chooseZip'))}
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading} className="console-import-submit">
            {text('console.import.submit')}
          </Button>
        </Form.Item>
      </Form>
      <p className="console-hint console-import-hint">{text('console.import.hint')}</p>
    </Card>
  );
}

/**
 * /admin/imports (imports.write): the Excel product import. The upload (sheet and optional
 * picture zip) and the template; the history, newest first, asked every second while any import
 * is being checked or applied. An import opens its preview and, once confirmed, its result.
 */
export default function ImportsScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const [page, setPage] = useState(1);
  const [running, setRunning] = useState(false);
  const { data, isLoading } = useImportsQuery(
    { token, language, page, pagesize: PAGE_SIZE },
    { refetchOnMountOrArgChange: true, pollingInterval: running ? IMPORT_POLL_MS : 0, skipPollingIfUnfocused: false },
  );
  const text = (id: string) => intl.formatMessage({ id });
  const jobs = data?.list ?? [];
  const anyRunning = jobs.some((job) => isImportRunning(job.status));
  if (anyRunning !== running) setRunning(anyRunning);

  return (
    <div className="console-imports">
      <Space className="console-toolbar">
        <h2>{text('console.menu.imports')}</h2>
      </Space>
      <ImportUpload />
      <h3>{text('console.import.history')}</h3>
      <Table<ProductImport>
        rowKey="id"
        className="console-import-table"
        loading={isLoading}
        dataSource={jobs}
        onRow={(job) => ({ 'data-id': job.id, 'data-status': job.status }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (total) => intl.formatMessage({ id: 'pagination.total' }, { total }),
        }}
        columns={[
          {
            key: 'file',
            title: text('console.import.file'),
            render: (_, job) => (
              <Link to={importPath(job.id)} className="console-import-open">
                {job.file_name}
              </Link>
            ),
          },
          { key: 'who', title: text('console.import.who'), render: (_, job) => importActor(intl, job) },
          { key: 'at', title: text('console.import.at'), render: (_, job) => formatDate(job.created_at) },
          { key: 'status', title: text('console.import.status'), render: (_, job) => <ImportStatus job={job} /> },
          { key: 'counts', title: text('console.import.counts'), render: (_, job) => <ImportCounts job={job} /> },
          { key: 'applied', title: text('console.import.appliedAt'), render: (_, job) => (job.applied_at ? formatDate(job.applied_at) : '') },
        ]}
      />
    </div>
  );
}
