import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Result } from 'antd';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ApiError } from '../../api/base-query';
import { useStartImportMutation, type ExcelJob } from '../../api/excel-api';
import { ExcelProgress, useExcelJobPoll } from '../../widgets/excel-job';
import { useAppSelector } from '../../state/hooks';
import { selectLanguage } from '../../state/session-slice';
import { checkImportFile, IMPORT_ACCEPT, templateUrl } from './excel-logic';
import { ImportReportView } from './import-report';

interface Problem {
  title: string;
  detail?: string;
}

/** A refused upload as shown: a 422's reason as it is, anything else 'file upload failed' and why. */
function problemOf(error: ApiError, uploadFailed: string): Problem {
  if (error.kind === 'code' || error.status === 422 || error.status === 413) return { title: error.msg || uploadFailed };
  return { title: uploadFailed, ...(error.msg && error.msg !== uploadFailed ? { detail: error.msg } : {}) };
}

/** The finished (or failed) import: the report, or why it could not be read. */
function ImportOutcome({ job, onAgain }: { job: ExcelJob; onAgain: () => void }) {
  const intl = useIntl();
  const again = (
    <Button className="excel-import-again" onClick={onAgain}>
      {intl.formatMessage({ id: 'excel.import.again' })}
    </Button>
  );
  if (job.status === 'failed') {
    return <Result className="excel-import-failed" status="error" title={job.error || intl.formatMessage({ id: 'upload.failed' })} extra={again} />;
  }
  return (
    <div className="excel-import-done">
      <p className="excel-import-done-title">
        {intl.formatMessage({ id: 'excel.import.done' }, { file: job.file_name, count: job.row_count })}
      </p>
      {job.report ? <ImportReportView report={job.report} /> : null}
      <div className="excel-import-actions">{again}</div>
    </div>
  );
}

/**
 * The batch upload of platform orders: the template link (`.excel-template`), an .xlsx picker
 * (`.excel-import-file`), the upload (`.excel-import-submit`) as multipart `file` to
 * `excel/import`; a refusal shows in `.excel-import-error`. Then the job's progress and its
 * report. Lives inside the dialog, so closing it starts afresh next time.
 */
function ImportBody({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const language = useAppSelector(selectLanguage);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const labelsInput = useRef<HTMLInputElement>(null);
  const [labels, setLabels] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [started, setStarted] = useState<ExcelJob | null>(null);
  const [upload, { isLoading }] = useStartImportMutation();
  const job = useExcelJobPoll(started, open);
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    const wrong = chosen ? checkImportFile(chosen) : null;
    setProblem(wrong ? { title: text(wrong) } : null);
  };
  const submit = async () => {
    const wrong = checkImportFile(file);
    if (wrong || !file) {
      setProblem({ title: text(wrong ?? 'excel.import.chooseFile') });
      return;
    }
    setProblem(null);
    const result = await upload({ file, labels });
    if ('data' in result && result.data) {
      setStarted(result.data);
      return;
    }
    const error = result.error as ApiError;
    if (error.status === 401 || error.code === 401) {
      // the base query logged out and opened the login dialog
      onClose();
      return;
    }
    setProblem(problemOf(error, text('upload.failed')));
  };
  const again = () => {
    setStarted(null);
    setFile(null);
    setLabels(null);
    setProblem(null);
  };

  if (job && job.status !== 'running') return <ImportOutcome job={job} onAgain={again} />;
  if (job) {
    return (
      <div className="excel-running excel-import-running">
        <p className="excel-import-running-title">{text('excel.import.running', { file: job.file_name })}</p>
        <ExcelProgress job={job} />
        <p className="excel-hint">{text('excel.import.background')}</p>
      </div>
    );
  }
  return (
    <div className="excel-import-form">
      <ol className="excel-import-steps">
        <li>
          {text('excel.import.step1')}{' '}
          <a className="excel-template" href={templateUrl(language)} download>
            <DownloadOutlined /> {text('excel.import.template')}
          </a>
        </li>
        <li>{text('excel.import.step2')}</li>
        <li>{text('excel.import.step3')}</li>
      </ol>
      <div className="excel-import-pick">
        <input
          ref={input}
          type="file"
          className="excel-import-file"
          accept={IMPORT_ACCEPT}
          aria-label={text('excel.import.choose')}
          onChange={(event) => {
            choose(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
        <Button className="excel-import-choose" icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          {text('excel.import.choose')}
        </Button>
        <span className={`excel-import-name${file ? '' : ' is-empty'}`}>{file ? file.name : text('excel.import.noFile')}</span>
      </div>
      <div className="excel-import-pick">
        <input
          ref={labelsInput}
          type="file"
          className="excel-import-labels"
          accept=".zip,application/zip"
          aria-label={text('excel.import.labels')}
          onChange={(event) => {
            setLabels(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
        <Button className="excel-import-choose-labels" icon={<UploadOutlined />} onClick={() => labelsInput.current?.click()}>
          {text('excel.import.labels')}
        </Button>
        <span className={`excel-import-labels-name${labels ? '' : ' is-empty'}`}>{labels ? labels.name : text('excel.import.noLabels')}</span>
      </div>
      <p className="excel-hint">{text('excel.import.limit')}</p>
      <p className="excel-hint">{text('excel.import.labelsHint')}</p>
      {problem ? (
        <Alert
          className="excel-import-error"
          type="error"
          showIcon
          title={<span className="excel-import-error-text">{problem.title}</span>}
          description={problem.detail}
        />
      ) : null}
      <div className="excel-import-actions">
        <Button type="primary" className="excel-import-submit" loading={isLoading} disabled={!file || Boolean(problem && checkImportFile(file))} onClick={() => void submit()}>
          {text('excel.import.submit')}
        </Button>
      </div>
    </div>
  );
}

/** The batch upload dialog (`.excel-import-modal`). */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal
      className="excel-import-modal"
      open={open}
      title={intl.formatMessage({ id: 'excel.import.title' })}
      footer={null}
      width={760}
      destroyOnHidden
      onCancel={onClose}
    >
      <ImportBody open={open} onClose={onClose} />
    </Modal>
  );
}
