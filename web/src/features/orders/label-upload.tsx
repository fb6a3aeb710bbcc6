import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useUploadImageMutation } from '../../api/upload-api';
import { NoUsableImageError, scaleImageForUpload } from '../../lib/image-scale';
import { toast } from '../../lib/toast';

/**
 * The shipping label of a platform order: an image, scaled in the browser (longer side ≤ 800 px,
 * white background, JPEG named upload.jpg) and sent to the upload call; the value is the URL it
 * answers. `value`/`onChange` come from a Form.Item.
 */
export function LabelUpload({ value, onChange, id }: { value?: string | null; onChange?: (url: string) => void; id?: string }) {
  const intl = useIntl();
  const [upload] = useUploadImageMutation();
  const [busy, setBusy] = useState(false);

  const handle = async (file: File) => {
    setBusy(true);
    try {
      const scaled = await scaleImageForUpload(file);
      const result = await upload(scaled).unwrap();
      onChange?.(result.url);
    } catch (error) {
      if (error instanceof NoUsableImageError) void toast(intl.formatMessage({ id: 'upload.noImage' }), 'error');
      else if (!(error as { kind?: string }).kind) void toast(intl.formatMessage({ id: 'upload.failed' }), 'error');
      // a refused call has been toasted by the base query
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="label-upload" id={id}>
      {value ? (
        <a href={value} target="_blank" rel="noopener noreferrer" className="label-upload-preview">
          <img src={value} alt={intl.formatMessage({ id: 'order.labelFile' })} width={96} height={96} />
        </a>
      ) : null}
      <Upload
        accept="image/*"
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
