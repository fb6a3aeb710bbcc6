import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { formRule } from '../../lib/form-rules';
import { validateMobile, validatePassword, validatePasswordRepeat } from '../../lib/validators';

export function MobileField() {
  const intl = useIntl();
  return (
    <Form.Item
      name="mobile"
      label={intl.formatMessage({ id: 'auth.mobile' })}
      required
      rules={[formRule(intl, validateMobile)]}
    >
      <Input
        prefix={<MobileOutlined />}
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={intl.formatMessage({ id: 'auth.mobile.placeholder' })}
      />
    </Form.Item>
  );
}

/** Password and, with `repeat`, the same password again. */
export function PasswordFields({ repeat = false, labelKey = 'auth.password' }: { repeat?: boolean; labelKey?: string }) {
  const intl = useIntl();
  return (
    <>
      <Form.Item
        name="password"
        label={intl.formatMessage({ id: labelKey })}
        required
        rules={[formRule(intl, validatePassword)]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete={repeat ? 'new-password' : 'current-password'}
          maxLength={18}
          placeholder={intl.formatMessage({ id: 'auth.password.placeholder' })}
        />
      </Form.Item>
      {repeat ? (
        <Form.Item
          name="repassword"
          label={intl.formatMessage({ id: 'auth.repassword' })}
          required
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) =>
              formRule(intl, (value: string) => validatePasswordRepeat(value, getFieldValue('password') as string)),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            maxLength={18}
            placeholder={intl.formatMessage({ id: 'auth.repassword.placeholder' })}
          />
        </Form.Item>
      ) : null}
    </>
  );
}
