import { CameraOutlined, LoadingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Upload } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { NoUsableImageError, scaleImageForUpload } from '../../lib/image-scale';
import { toast } from '../../lib/toast';
import { useUploadImageMutation } from './personal-api';

/**
 * Avatar picker: images only; scaled in the browser (longer side ≤ 800 px, white background,
 * JPEG named upload.jpg) and sent to the upload call. Calls onChange with the stored URL.
 */
export function AvatarUpload({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
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
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload
      accept="image/*"
      showUploadList={false}
      className="avatar-upload"
      beforeUpload={(file) => {
        void handle(file);
        return false;
      }}
    >
      <button type="button" className="avatar-button" aria-label={intl.formatMessage({ id: 'profile.avatar.change' })}>
        <Avatar size={96} src={value || undefined} icon={<UserOutlined />} className="profile-avatar" />
        <span className="avatar-overlay">{busy ? <LoadingOutlined /> : <CameraOutlined />}</span>
      </button>
    </Upload>
  );
}
