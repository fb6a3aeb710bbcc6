import { Button, Form } from 'antd';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { MobileField } from './auth-fields';
import { modeHref } from './auth-helpers';
import { CaptchaSmsFields } from './captcha-sms-fields';

export interface ResetState {
  mobile: string;
  code: string;
}

/** Forgot password, step one: the phone and its SMS code; step two sets the new password. */
export default function ForgotPanel() {
  const intl = useIntl();
  const [form] = Form.useForm<{ mobile: string; captcha: string; code: string }>();
  const navigate = useNavigate();
  const location = useLocation();

  const onFinish = (values: { mobile: string; code: string }) => {
    const state: ResetState = { mobile: values.mobile.trim(), code: values.code.trim() };
    void navigate(modeHref(location.search, 'setPassword'), { state });
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} className="forgot-form">
      <MobileField />
      <CaptchaSmsFields form={form} event="resetpwd" />
      <Form.Item>
        <Button type="primary" htmlType="submit" block className="forgot-next">
          {intl.formatMessage({ id: 'auth.forgot.next' })}
        </Button>
      </Form.Item>
    </Form>
  );
}
