import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLazyAreaChildrenQuery } from '../../api/address-book-api';
import { missingParts, recogniseRecipient, type PastePart } from './recipient-paste-logic';
import { toast } from '../../lib/toast';
import type { CheckoutValues } from './order-logic';

/** Longer than any recipient a platform prints; a whole page pasted by mistake is cut. */
const PASTE_MAX = 500;

const PART_KEYS: Record<PastePart, string> = {
  recipient: 'order.paste.part.recipient',
  phone: 'order.paste.part.phone',
  region: 'order.paste.part.region',
  city: 'order.paste.part.city',
  district: 'order.paste.part.district',
  detail: 'order.paste.part.detail',
};

/**
 * The typed address's "paste recipient": text as copied out of a platform, recognised
 * (recipient-paste-logic.ts) into recipient, phone, region and detail when the seller asks. What was
 * recognised fills the fields, what was not is emptied and named in a message, to be completed
 * by hand; nothing is submitted. The divisions come from address/area through the same cached
 * query as the region picker; `onRegion` gets the recognised names so the picker can open on them.
 */
export function RecipientPaste({ onRegion }: { onRegion: (names: string[]) => void }) {
  const intl = useIntl();
  const form = Form.useFormInstance<CheckoutValues>();
  const [trigger] = useLazyAreaChildrenQuery();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const recognise = async () => {
    setBusy(true);
    try {
      const found = await recogniseRecipient(text, (pid) => trigger({ pid }, true).unwrap());
      onRegion(found.region);
      form.setFields([
        { name: 'recipient', value: found.recipient, errors: [] },
        { name: 'phone', value: found.phone, errors: [] },
        { name: 'region', value: found.region, errors: [] },
        { name: 'detail', value: found.detail, errors: [] },
      ]);
      const missing = missingParts(found);
      if (missing.length === 0) void toast(intl.formatMessage({ id: 'order.paste.recognised' }), 'success');
      else if (!found.recipient && !found.phone && found.region.length === 0 && !found.detail) void toast(intl.formatMessage({ id: 'order.paste.nothing' }), 'warning');
      else {
        const parts = intl.formatList(missing.map((part) => intl.formatMessage({ id: PART_KEYS[part] })), { type: 'conjunction' });
        void toast(intl.formatMessage({ id: 'order.paste.missing' }, { parts }), 'warning');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form.Item label={intl.formatMessage({ id: 'order.paste.label' })} htmlFor="checkout_paste" className="checkout-paste">
      <Input.TextArea
        id="checkout_paste"
        className="checkout-paste-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={PASTE_MAX}
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder={intl.formatMessage({ id: 'order.paste.placeholder' })}
      />
      <Button className="checkout-paste-recognise" htmlType="button" loading={busy} disabled={text.trim() === ''} onClick={() => void recognise()}>
        {intl.formatMessage({ id: 'order.paste.recognise' })}
      </Button>
    </Form.Item>
  );
}
