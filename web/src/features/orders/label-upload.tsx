import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useUploadLabelMutation } from '../../api/upload-api';
import { toast } from '../../lib/toast';
import { LabelFileView } from './label-file';

/** The label files `order/label` takes: a PDF, PNG or JPEG as the platform gave it. */
const LABEL_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/**
 * The shipping label of a platform order: a PDF, PNG or JPEG sent as it is (never rescaled) to
 * `order/label`; the value is the private URL it answers, shown fetched with the token. A Form.Item
 * gives `value`/`onChange`; `onChange` alone also serves an upload outside a form.
 */
export function LabelUpload({ value, onChange, id }: { value?: string | null; onChange?: (url: string) => void; id?: string }) {
  const intl = useIntl();
  const [upload] = useUploadLabelMutation();
  const [busy, setBusy] = useState(false);

  const handle = async (file: File) => {
    setBusy(true);
    try {
      const result = await upload(file).unwrap();
      onChange?.(result.url);
    } catch (error) {
      if (!(error as { kind?: string }).kind) void toast(intl.formatMessage({ id: 'upload.failed' }), 'error');
      // a refused call has been toasted by the base query
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="label-upload" id={id}>
      {value ? (
        <span className="label-upload-preview" data-url={value}>
          <LabelFileView url={value} />
        </span>
      ) : null}
      <Upload
        accept={LABEL_ACCEPT}
        showUploadList={false}
        className="label-upload-picker"
        beforeUpload={(file) => {
          void handle(file);
          return false;
        }}
      >
        <Button icon={busy ? <LoadingOutlined /> : <UploadOutlined />} disabled={busy} className="label-upload-button">
          {intl.formatMessage({ id: value ? 'order.labelFile.replace' : 'order.labelFile.upload' })}
        </Button>
      </Upload>
      <span className="label-upload-hint">{intl.formatMessage({ id: 'order.labelFile.hint' })}</span>
    </div>
  );
}
