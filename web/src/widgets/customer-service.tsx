import { Button, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSiteInfo } from '../api/site-api';
import type { SiteInfo } from '../lib/api-types';
import { copyText } from '../lib/copy-text';
import { useAppSelector } from '../state/hooks';
import { selectLanguage, selectSite } from '../state/session-slice';
import './customer-service.css';

type ServiceField = keyof SiteInfo['service'];

/** The contacts of site info's `service`, in the order they are shown, with their catalogue keys. */
const CONTACTS: readonly [field: ServiceField, label: string][] = [
  ['qq', 'service.qq'],
  ['wechat', 'service.wechat'],
  ['phone', 'service.phone'],
  ['hours', 'service.hours'],
];

export interface CustomerServiceProps {
  open: boolean;
  onClose: () => void;
  /** The order the seller asks about (from an order card or the order detail). */
  orderNo?: string;
  /** Whether the order number was copied before the dialog opened. */
  orderCopied?: boolean;
}

/**
 * The customer-service dialog (spec section 2; docs/api.md "Customer service"): the
 * site's QQ, WeChat, phone and service hours from site info, each with a copy button (empty text
 * warns 'no content'), and the order asked about when opened from an order. Shared by the layout
 * (loaded when first opened) and the order screens, hence here and not in a feature.
 */
export default function CustomerServiceDialog({ open, onClose, orderNo, orderCopied = false }: CustomerServiceProps) {
  const intl = useIntl();
  const site = useAppSelector(selectSite);
  const language = useAppSelector(selectLanguage);
  const { data, isLoading } = useSiteInfo({ site, language });
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const service = data?.service;

  return (
    <Modal
      open={open}
      title={text('service.title')}
      className="service-dialog"
      onCancel={onClose}
      footer={
        <Button className="service-close" onClick={onClose}>
          {text('common.close')}
        </Button>
      }
      width={440}
    >
      {orderNo ? (
        <div className="service-order">
          <div className="service-row">
            <span className="service-label">{text('service.orderNo')}</span>
            <span className="service-value service-order-no">{orderNo}</span>
            <Button size="small" className="service-copy service-order-copy" aria-label={text('service.copyLabel', { name: text('service.orderNo') })} onClick={() => void copyText(orderNo)}>
              {text('service.copy')}
            </Button>
          </div>
          <p className="service-order-hint">{text(orderCopied ? 'service.orderCopied' : 'service.orderHint')}</p>
        </div>
      ) : null}
      <p className="service-intro">{text('service.intro')}</p>
      {isLoading && !service ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} className="service-skeleton" />
      ) : (
        <ul className="service-contacts">
          {CONTACTS.map(([field, label]) => {
            const value = service?.[field]?.trim() ?? '';
            return (
              <li key={field} className={`service-row service-${field}`}>
                <span className="service-label">{text(label)}</span>
                <span className={`service-value${value ? '' : ' is-empty'}`}>{value || text('service.none')}</span>
                <Button size="small" className="service-copy" aria-label={text('service.copyLabel', { name: text(label) })} onClick={() => void copyText(value)}>
                  {text('service.copy')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}

/**
 * 'Contact customer service' on an order: copies the order number first (the copy toast says
 * so), then opens the dialog showing that order number.
 */
export function OrderServiceButton({ orderNo }: { orderNo: string }) {
  const intl = useIntl();
  const [state, setState] = useState<{ open: boolean; copied: boolean; shown: boolean }>({ open: false, copied: false, shown: false });
  return (
    <>
      <Button
        size="small"
        className="order-service"
        onClick={() =>
          void copyText(orderNo).then((copied) => setState({ open: true, copied, shown: true }))
        }
      >
        {intl.formatMessage({ id: 'order.service' })}
      </Button>
      {state.shown ? (
        <CustomerServiceDialog open={state.open} orderNo={orderNo} orderCopied={state.copied} onClose={() => setState((s) => ({ ...s, open: false }))} />
      ) : null}
    </>
  );
}
