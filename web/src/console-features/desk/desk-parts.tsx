import { Button, Form, Input, Modal, Space } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { SellerBrief } from './desk-api';
import { selectConsoleLanguage } from '../../state/console-session';
import { showRefusal } from '../../widgets/form-refusal';
import { useConsoleSelector } from '../../state/console-hooks';

/**
 * What the service desk, finance and marketing screens share: yuan with the currency sign, the
 * pagination texts, the date pickers' language, and the dialog asking why something is rejected.
 */

export const DESK_PAGE_SIZE = 20;

/** '¥49.90' (the server's yuan string as it is). */
export const yuan = (intl: IntlShape, value: string) => intl.formatMessage({ id: 'catalog.price' }, { price: value });

/** A table's pagination: this page, the server's total, '共 N 条'. */
export function deskPagination(intl: IntlShape, page: number, total: number, onChange: (page: number) => void, pageSize = DESK_PAGE_SIZE) {
  return {
    current: page,
    pageSize,
    total,
    onChange,
    showSizeChanger: false,
    showTotal: (all: number) => intl.formatMessage({ id: 'pagination.total' }, { total: all }),
  };
}

/** Month and weekday names of the date pickers follow the console's language. */
export function useConsoleDayjsLocale(): void {
  const language = useConsoleSelector(selectConsoleLanguage);
  useEffect(() => {
    dayjs.locale(language === 'zh_CN' ? 'zh-cn' : 'en');
  }, [language]);
}

/** The seller: phone number when the answer has it, else the user id. */
export const sellerOf = (row: { user_id: string; mobile?: string }) => (row.mobile ? row.mobile : row.user_id);

/**
 * A list row's seller: name and masked phone (one of them when the name is the masked phone, as a
 * new account's is); the user id only when the list has neither.
 */
export function SellerCell({ row }: { row: { user_id: string; mobile?: string; seller?: SellerBrief } }) {
  const seller = row.seller;
  if (!seller || (!seller.mobile && !seller.name)) return <span className="console-desk-seller">{sellerOf(row)}</span>;
  return (
    <span className="console-desk-seller">
      {seller.name && seller.name !== seller.mobile ? (
        <span className="console-desk-seller-name" translate="no">
          {seller.name}{' '}
        </span>
      ) : null}
      <span className="console-desk-seller-mobile">{seller.mobile}</span>
    </span>
  );
}

const PHONE_DIGITS = /^\d{4,11}$/;

/** The digits of a phone search (spaces and dashes dropped), as the server takes them. */
const phoneDigits = (text: string) => text.replace(/[\s-]/g, '');

/**
 * The staff's search by a seller's phone: four to eleven digits, anywhere in the number (the last
 * four are what a seller reads out); a wrong entry is said under the box and sends nothing.
 */
export function PhoneSearch({ inputClass, buttonClass, onSearch }: { inputClass: string; buttonClass: string; onSearch: (digits: string) => void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState('');
  const [wrong, setWrong] = useState(false);
  const search = (text = draft) => {
    const digits = phoneDigits(text);
    if (digits !== '' && !PHONE_DIGITS.test(digits)) {
      setWrong(true);
      return;
    }
    setWrong(false);
    onSearch(digits);
  };
  return (
    <Space className="console-filter console-desk-phone-filter" align="start">
      <Form.Item
        className="console-desk-phone-search"
        validateStatus={wrong ? 'error' : undefined}
        help={wrong ? intl.formatMessage({ id: 'console.desk.phoneSearch.invalid' }) : undefined}
        style={{ marginBottom: 0 }}
      >
        <Input
          className={inputClass}
          placeholder={intl.formatMessage({ id: 'console.desk.phoneSearch' })}
          value={draft}
          maxLength={20}
          allowClear
          inputMode="numeric"
          onChange={(e) => {
            setDraft(e.target.value);
            if (e.target.value === '') search('');
          }}
          onPressEnter={() => search()}
        />
      </Form.Item>
      <Button className={buttonClass} onClick={() => search()}>
        {intl.formatMessage({ id: 'console.search' })}
      </Button>
    </Space>
  );
}

interface ReasonValues {
  reason: string;
}

/**
 * Asks why (required, up to 1,000 characters) and sends it; a refusal shows under the field when
 * it names `reason`, else as a message. Closes once sent.
 */
export function ReasonDialog({
  open,
  title,
  className,
  onClose,
  send,
}: {
  open: boolean;
  title: string;
  className: string;
  onClose: () => void;
  /** Sends the reason; throws the refusal. */
  send: (reason: string) => Promise<unknown>;
}) {
  const intl = useIntl();
  const [form] = Form.useForm<ReasonValues>();
  const [busy, setBusy] = useState(false);
  const onFinish = async (values: ReasonValues) => {
    setBusy(true);
    try {
      await send(values.reason.trim());
    } catch (error) {
      showRefusal(form, error, ['reason']);
      return;
    } finally {
      setBusy(false);
    }
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={intl.formatMessage({ id: 'console.desk.reject' })}
      okButtonProps={{ danger: true }}
      cancelText={intl.formatMessage({ id: 'console.cancel' })}
      className={className}
      destroyOnHidden
    >
      <Form<ReasonValues> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item
          name="reason"
          label={intl.formatMessage({ id: 'console.desk.reason' })}
          rules={[
            { required: true, whitespace: true, message: intl.formatMessage({ id: 'console.desk.reason.required' }) },
            { max: 1000, message: intl.formatMessage({ id: 'console.desk.reason.tooLong' }, { max: 1000 }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={1000} className="console-desk-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
