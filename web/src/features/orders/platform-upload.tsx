import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Select } from 'antd';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ApiError } from '../../api/base-query';
import { useImportPlatformExportMutation, type PlatformPreview } from '../../api/platform-orders-api';
import { quotedOf } from '../../lib/quoted';
import { QuotedText } from '../../widgets/quoted-text';
import { checkExportFile, PLATFORM_CODES, PLATFORM_EXPORT_ACCEPT } from './platform-logic';
import { platformKey } from './order-logic';

/**
 * Uploads a platform's own order export (`.platform-upload`): the file (`.platform-upload-file`),
 * the platform (`.platform-upload-platform`, empty to recognise it from the header) and the upload
 * (`.platform-upload-submit`); a refusal (a missing column, an unknown layout) shows in
 * `.platform-upload-error` as the server words it.
 */
export function PlatformUpload({ onImported }: { onImported: (preview: PlatformPreview) => void }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [platform, setPlatform] = useState('');
  // a refusal may quote the platform's own column names (`data.quoted`), which stay as written
  const [problem, setProblem] = useState<{ text: string; quoted?: string[] } | null>(null);
  const [upload, { isLoading }] = useImportPlatformExportMutation();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    const wrong = chosen ? checkExportFile(chosen) : null;
    setProblem(wrong ? { text: text(wrong) } : null);
  };
  const submit = async () => {
    const wrong = checkExportFile(file);
    if (wrong || !file) {
      setProblem({ text: text(wrong ?? 'platformOrders.upload.chooseFile') });
      return;
    }
    setProblem(null);
    const result = await upload({ file, platform });
    if ('data' in result && result.data) {
      setFile(null);
      onImported(result.data);
      return;
    }
    const error = result.error as ApiError;
    // a 401 has logged out and opened the login dialog
    if (error.status !== 401 && error.code !== 401) setProblem({ text: error.msg || text('upload.failed'), quoted: quotedOf(error.data) });
  };

  return (
    <section className="platform-upload">
      <div className="platform-upload-form">
        <input
          ref={input}
          type="file"
          className="platform-upload-file"
          accept={PLATFORM_EXPORT_ACCEPT}
          aria-label={text('platformOrders.upload.choose')}
          hidden
          onChange={(event) => {
            choose(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
        <Button className="platform-upload-choose" icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          {text('platformOrders.upload.choose')}
        </Button>
        <span className={`platform-upload-name${file ? '' : ' is-empty'}`}>{file ? file.name : text('platformOrders.upload.noFile')}</span>
        <Select
          className="platform-upload-platform"
          classNames={{ popup: { root: 'platform-upload-platform-popup' } }}
          value={platform}
          onChange={setPlatform}
          style={{ minWidth: 180 }}
          options={[
            { value: '', label: text('platformOrders.upload.recognise') },
            ...PLATFORM_CODES.map((code) => ({ value: code, label: text(platformKey(code)!) })),
          ]}
        />
        <Button type="primary" className="platform-upload-submit" loading={isLoading} disabled={!file} onClick={() => void submit()}>
          {text('platformOrders.upload.submit')}
        </Button>
      </div>
      <p className="platform-hint">{text('platformOrders.upload.hint')}</p>
      {problem ? <Alert className="platform-upload-error" type="error" showIcon title={<span className="platform-upload-error-text">
              <QuotedText text={problem.text} quoted={problem.quoted} />
            </span>} /> : null}
    </section>
  );
}
