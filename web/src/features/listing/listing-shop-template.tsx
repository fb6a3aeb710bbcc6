import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type ModalFuncProps } from 'antd';
import { useIntl } from 'react-intl';
import type { ListingShop } from '../../lib/api-types';
import { formatDate } from '../../lib/format-date';
import { checkTemplateFile, unfilledText } from '../../lib/listing';
import { toast } from '../../lib/toast';
import { useDeleteListingTemplateMutation, useUploadListingTemplateMutation } from './listing-api';
import './listing-shop-template.css';

/** The screen's `modal.confirm` (Modal.useModal, so the dialog has the app's theme and catalogue). */
type Confirm = (config: ModalFuncProps) => unknown;

/**
 * Chooses a shop's template (`.listing-shop-template-upload`, and `.listing-shop-template-replace`
 * once it has one): an .xlsx of at most 10 MiB (else said here and nothing is sent), sent with
 * listing/shop_template (multipart `shop_id` and `file`); a refusal is the base query's toast.
 */
function TemplateUpload({ shop, replace }: { shop: ListingShop; replace: boolean }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [upload, { isLoading }] = useUploadListingTemplateMutation();
  return (
    <Upload
      className={`listing-shop-template-upload${replace ? ' listing-shop-template-replace' : ''}`}
      accept=".xlsx"
      maxCount={1}
      multiple={false}
      showUploadList={false}
      disabled={isLoading}
      beforeUpload={(file) => {
        const wrong = checkTemplateFile(file);
        if (!wrong) return true;
        void toast(text(wrong, { name: file.name }), 'error');
        return Upload.LIST_IGNORE;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        upload({ shop_id: shop.id, file: file as File })
          .unwrap()
          .then((answer) => {
            void toast(text('listing.template.uploaded', { name: shop.name }), 'success');
            onSuccess?.(answer);
          })
          // the base query has shown why
          .catch(() => onError?.({ name: 'upload', message: '' }));
      }}
    >
      <Button size="small" type={replace ? 'link' : 'default'} icon={<UploadOutlined />} loading={isLoading}>
        {text(replace ? 'listing.template.replace' : 'listing.template.upload')}
      </Button>
    </Upload>
  );
}

/**
 * A Shopee, Lazada or TikTok Shop shop's template in My shops (`.listing-template`, `data-state`
 * none | uploaded): without one, 'no template' (`.listing-template-none`), where it comes from and
 * the upload; with one, its file name, sheet, header language and upload date, the columns the
 * seller fills in the file (`.listing-template-unfilled`), a replace and a delete after confirming
 * (`.listing-shop-template-delete`, listing/shop_template_delete).
 */
export function ShopTemplate({ shop, platformName, confirm }: { shop: ListingShop; platformName: string; confirm: Confirm }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [remove] = useDeleteListingTemplateMutation();
  const { template } = shop;

  if (!template) {
    return (
      <div className="listing-template" data-state="none">
        <span className="listing-template-none">{text('listing.template.none')}</span>
        <span className="listing-hint listing-template-where">{text('listing.template.where', { platform: platformName })}</span>
        <TemplateUpload shop={shop} replace={false} />
      </div>
    );
  }

  const confirmDelete = () => {
    void confirm({
      title: text('listing.template.delete.confirm', { name: shop.name }),
      content: text('listing.template.delete.hint'),
      className: 'listing-template-delete-confirm',
      okText: text('listing.template.delete'),
      okButtonProps: { danger: true, className: 'listing-template-delete-ok' },
      cancelText: text('common.cancel'),
      onOk: () =>
        remove({ shop_id: shop.id })
          .unwrap()
          .then(() => toast(text('listing.template.deleted'), 'success'))
          .catch(() => undefined), // the base query has shown why
    });
  };
  const language = template.language === 'en' || template.language === 'zh' ? text(`listing.template.language.${template.language}`) : template.language;

  return (
    <div className="listing-template" data-state="uploaded">
      <span className="listing-template-file" translate="no">
        {template.file_name}
      </span>
      <span className="listing-hint listing-template-meta">
        {intl.formatMessage(
          { id: 'listing.template.meta' },
          { sheet: <span translate="no">{template.sheet}</span>, language, date: formatDate(template.uploaded_at, 'YYYY-MM-DD') },
        )}
      </span>
      {template.unfilled.length > 0 ? <span className="listing-template-unfilled">{unfilledText(template.unfilled, text)}</span> : null}
      <span className="listing-template-actions">
        <TemplateUpload shop={shop} replace />
        <Button size="small" type="link" danger className="listing-shop-template-delete" onClick={confirmDelete}>
          {text('listing.template.delete')}
        </Button>
      </span>
    </div>
  );
}
