import { useIntl } from 'react-intl';
import { afterSaleReasonKey } from '../lib/after-sale';

/**
 * An after-sale's reason: a code from the apply dialog's list in the reader's language, or an older
 * application's typed reason as the seller wrote it (marked so that a page translator leaves it).
 */
export function ReasonText({ reason }: { reason: string }) {
  const intl = useIntl();
  const key = afterSaleReasonKey(reason);
  return key ? <span className="after-sale-reason">{intl.formatMessage({ id: key })}</span> : <span translate="no">{reason}</span>;
}
