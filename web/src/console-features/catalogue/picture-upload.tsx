import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useIntl } from 'react-intl';
import { useUploadPictureMutation, type UploadedPicture } from './catalogue-api';
import { t } from '../../lib/i18n';
import { failureText } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import type { PictureFile } from './product-form-logic';

/** The server takes pictures of at most 10 MB. */
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * Pictures uploaded one by one through `catalog/pictures/upload` as they are chosen (thumbnails,
 * each removable; order is the order chosen, so a picture moves by removing and adding it again).
 * At most `max`; not an image or over 10 MB is refused before sending. A form control: `value`
 * is the list, each file's `response` the server's `{url, width, height}`. With more than one
 * allowed, each picture but the first has a button that moves it one place earlier.
 */
export function PictureUpload({
  value = [],
  onChange,
  max,
  className,
}: {
  value?: PictureFile[];
  onChange?: (files: PictureFile[]) => void;
  max: number;
  className: string;
}) {
  const intl = useIntl();
  const [upload] = useUploadPictureMutation();
  return (
    <Upload<UploadedPicture>
      className={className}
      listType="picture-card"
      accept="image/*"
      multiple={max > 1}
      fileList={value}
      showUploadList={{ showPreviewIcon: false }}
      itemRender={(node, file, list) => {
        const at = list.indexOf(file);
        return (
          <div className="console-picture-item" data-url={file.response?.url ?? file.url ?? ''}>
            {node}
            {max > 1 && at > 0 ? (
              <button
                type="button"
                className="console-picture-earlier"
                title={intl.formatMessage({ id: 'console.picture.earlier' })}
                aria-label={intl.formatMessage({ id: 'console.picture.earlier' })}
                onClick={() => onChange?.([...list.slice(0, at - 1), file, list[at - 1]!, ...list.slice(at + 1)])}
              >
                <ArrowLeftOutlined />
              </button>
            ) : null}
          </div>
        );
      }}
      beforeUpload={(file, chosen) => {
        if (!file.type.startsWith('image/')) {
          void toast(intl.formatMessage({ id: 'console.picture.notImage' }, { name: file.name }), 'error');
          return Upload.LIST_IGNORE;
        }
        if (file.size > MAX_BYTES) {
          void toast(intl.formatMessage({ id: 'console.picture.tooLarge' }, { name: file.name }), 'error');
          return Upload.LIST_IGNORE;
        }
        // the ones chosen together beyond what is left are not taken
        if (value.length + chosen.indexOf(file) >= max) {
          if (chosen.indexOf(file) === max - value.length) void toast(intl.formatMessage({ id: 'console.picture.tooMany' }, { max }), 'error');
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        upload(file as File)
          .unwrap()
          .then((answer) => onSuccess?.(answer))
          .catch((error: unknown) => {
            const msg = failureText(error) ?? t('upload.failed');
            void toast(msg, 'error');
            onError?.({ name: 'upload', message: msg });
          });
      }}
      onChange={({ fileList }) => onChange?.(fileList.map((f) => (f.response?.url ? { ...f, url: f.response.url, thumbUrl: f.response.url } : f)))}
    >
      {value.length < max ? (
        <div className="console-picture-add">
          <PlusOutlined />
          <div>{intl.formatMessage({ id: 'console.picture.add' })}</div>
        </div>
      ) : null}
    </Upload>
  );
}
