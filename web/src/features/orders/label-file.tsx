import { FilePdfOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../state/hooks';
import { selectSession } from '../../state/session-slice';

/**
 * A shipping label as the storefront shows it (docs/api.md "Labels"). The label URL answers only
 * with the owner's `token` header, so it is fetched with it and shown from an object URL: a
 * picture for an image, an 'open label' button (opening the PDF in a new tab) for anything else.
 */

export type LabelFile =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; objectUrl: string; contentType: string };

/** Whether a label's content type is shown as a picture (PNG, JPEG, an older uploaded image). */
const isImageLabel = (contentType: string): boolean => /^image\//i.test(contentType.trim());

/** Fetches a label with the session's token; the object URL is revoked when the label changes or the view goes. */
function useLabelFile(url: string | null | undefined): LabelFile | null {
  const { token, language } = useAppSelector(selectSession);
  const [file, setFile] = useState<{ url: string; file: LabelFile } | null>(null);

  useEffect(() => {
    if (!url) return undefined;
    let cancelled = false;
    let objectUrl: string | null = null;
    const load = async () => {
      try {
        const response = await fetch(
          new Request(new URL(url, window.location.origin).toString(), {
            headers: { 'content-language': language, ...(token ? { token } : {}) },
          }),
        );
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || type.includes('json')) throw new Error(`label ${response.status}`);
        const blob = await response.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setFile({ url, file: { state: 'ready', objectUrl, contentType: type || blob.type } });
      } catch {
        if (!cancelled) setFile({ url, file: { state: 'failed' } });
      }
    };
    void load();
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, token, language]);

  if (!url) return null;
  return file && file.url === url ? file.file : { state: 'loading' };
}

/**
 * A label (`.label-file`, `data-state`): the picture (`imageClassName`, 96 px unless told) or the
 * `.label-file-open` button for a PDF; 'label unavailable' when it cannot be read.
 */
export function LabelFileView({ url, imageClassName = 'label-file-image', size = 96 }: { url: string; imageClassName?: string; size?: number }) {
  const intl = useIntl();
  const file = useLabelFile(url);
  const text = (id: string) => intl.formatMessage({ id });
  if (!file) return null;
  if (file.state === 'loading') {
    return (
      <span className="label-file" data-state="loading">
        <LoadingOutlined />
      </span>
    );
  }
  if (file.state === 'failed') {
    return (
      <span className="label-file label-file-failed" data-state="failed">
        {text('order.labelFile.unavailable')}
      </span>
    );
  }
  if (isImageLabel(file.contentType)) {
    return (
      <a href={file.objectUrl} target="_blank" rel="noopener noreferrer" className="label-file" data-state="ready" data-type="image">
        <img src={file.objectUrl} alt={text('order.labelFile')} className={imageClassName} width={size} height={size} />
      </a>
    );
  }
  return (
    <span className="label-file" data-state="ready" data-type="pdf">
      <Button size="small" icon={<FilePdfOutlined />} className="label-file-open" onClick={() => window.open(file.objectUrl, '_blank')}>
        {text('order.labelFile.open')}
      </Button>
    </span>
  );
}
