import { Button, Checkbox, Form, Input, Modal, type FormInstance } from 'antd';
import { useIntl } from 'react-intl';
import type { Address } from '../../lib/api-types';
import { RegionPicker } from '../../widgets/region-picker';
import { formRule } from '../../lib/form-rules';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useAddAddressMutation, useEditAddressMutation } from './address-api';
import {
  failureText,
  formFieldOf,
  refusedField,
  toAddressBody,
  toFormValues,
  validateDetail,
  validatePhone,
  validateRecipient,
  validateRegion,
  type AddressFormValues,
} from './address-logic';

/**
 * Shows why a save was refused: next to the field the answer names (`data.field` of a 422; the
 * province, city and district are the one picker), else as an error toast. The text is the
 * envelope's `msg`, already in the request's language.
 */
function reportRefusal(form: FormInstance, error: unknown): void {
  const msg = failureText(error) ?? t('error.http.other');
  const name = formFieldOf(refusedField(error));
  if (name) form.setFields([{ name, errors: [msg] }]);
  else void toast(msg, 'error');
}

/**
 * Adds an address, or edits `editing`: recipient, phone, province → city → district (each level
 * asked for when its parent is chosen), detail and the default flag. Checked in the page first
 * with the server's words; a refusal shows at the field it names.
 */
export function AddressDialog({
  open,
  editing,
  first,
  onClose,
}: {
  open: boolean;
  editing: Address | null;
  /** No address yet: the server makes this one the default anyway. */
  first: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [form] = Form.useForm<AddressFormValues>();
  const [add, adding] = useAddAddressMutation();
  const [edit, editingCall] = useEditAddressMutation();
  const saved = editing ? toFormValues(editing).region : null;
  const defaultLocked = first || Boolean(editing?.is_default);

  const onFinish = async (values: AddressFormValues) => {
    const checked = { ...values, is_default: defaultLocked || values.is_default === true };
    try {
      if (editing) await edit(toAddressBody(checked, editing)).unwrap();
      else await add(toAddressBody(checked)).unwrap();
      void toast(intl.formatMessage({ id: 'address.saved' }), 'success');
      onClose();
    } catch (error) {
      reportRefusal(form, error);
    }
  };

  const initialValues: AddressFormValues = editing
    ? toFormValues(editing)
    : { recipient: '', phone: '', region: [], detail: '', is_default: first };

  return (
    <Modal
      open={open}
      className="address-modal"
      title={intl.formatMessage({ id: editing ? 'address.edit.title' : 'address.add' })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <>
          <Button onClick={onClose}>{intl.formatMessage({ id: 'common.cancel' })}</Button>
          <Button type="primary" className="address-submit" loading={adding.isLoading || editingCall.isLoading} onClick={() => form.submit()}>
            {intl.formatMessage({ id: 'address.save' })}
          </Button>
        </>
      }
    >
      {/* The server takes a recipient of at most 30 characters and a detail of at most 120. */}
      <Form
        key={editing?.id ?? 'new'}
        form={form}
        name="address"
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        // the dialog's contents are destroyed on close: start the next add or edit from its own values
        clearOnDestroy
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item name="recipient" label={intl.formatMessage({ id: 'address.recipient' })} rules={[formRule(intl, validateRecipient)]}>
          <Input maxLength={30} autoComplete="name" autoFocus placeholder={intl.formatMessage({ id: 'validation.address.recipientRequired' })} />
        </Form.Item>
        <Form.Item name="phone" label={intl.formatMessage({ id: 'address.phone' })} rules={[formRule(intl, validatePhone)]}>
          <Input maxLength={32} inputMode="tel" autoComplete="tel" placeholder={intl.formatMessage({ id: 'validation.address.phoneRequired' })} />
        </Form.Item>
        <Form.Item name="region" label={intl.formatMessage({ id: 'address.region' })} rules={[formRule(intl, validateRegion)]}>
          <RegionPicker
            open={open}
            saved={saved}
            placeholder={intl.formatMessage({ id: 'address.region.placeholder' })}
            popupClassName="address-region-popup"
          />
        </Form.Item>
        <Form.Item name="detail" label={intl.formatMessage({ id: 'address.detail' })} rules={[formRule(intl, validateDetail)]}>
          <Input.TextArea
            maxLength={120}
            autoSize={{ minRows: 2, maxRows: 4 }}
            autoComplete="street-address"
            placeholder={intl.formatMessage({ id: 'address.detail.placeholder' })}
          />
        </Form.Item>
        <Form.Item
          name="is_default"
          valuePropName="checked"
          extra={
            defaultLocked
              ? intl.formatMessage({ id: editing?.is_default ? 'address.isDefault.current' : 'address.isDefault.first' })
              : undefined
          }
        >
          <Checkbox disabled={defaultLocked}>{intl.formatMessage({ id: 'address.isDefault' })}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
