import { Button, Card, Descriptions, Form, Input, Result, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useAccountInfoQuery } from '../../api/site-api';
import { useAppSelector } from '../../state/hooks';
import { selectSession } from '../../state/session-slice';
import { formatDate } from '../../lib/format-date';
import { formRule } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { validateEmail, validateNickname, validateQq } from '../../lib/validators';
import { AvatarUpload } from './avatar-upload';
import { useEditProfileMutation, useUserInfoQuery, type ProfileEdit } from './personal-api';

interface ProfileValues {
  avatar: string;
  nickname: string;
  qq: string;
  email: string;
}

/** /personalData: view and edit nickname, QQ, email and avatar. */
export default function PersonalDataScreen() {
  const intl = useIntl();
  const location = useLocation();
  const { token, site } = useAppSelector(selectSession);
  const { data: user, isLoading } = useUserInfoQuery({ token }, { skip: !token });
  const { data: account } = useAccountInfoQuery({ token }, { skip: !token });
  const [edit, { isLoading: saving }] = useEditProfileMutation();
  const [form] = Form.useForm<ProfileValues>();

  useEffect(() => {
    if (user) form.setFieldsValue({ avatar: user.avatar, nickname: user.nickname, qq: user.qq, email: user.email });
  }, [user, form]);

  if (!token) {
    const params = new URLSearchParams({ site, redirect: `${location.pathname}${location.search}` });
    return (
      <Result
        status="403"
        title={intl.formatMessage({ id: 'profile.loginRequired' })}
        extra={
          <Link to={`/login?${params.toString()}`}>
            <Button type="primary">{intl.formatMessage({ id: 'auth.login' })}</Button>
          </Link>
        }
      />
    );
  }

  const onFinish = async (values: ProfileValues) => {
    const body: ProfileEdit = {
      nickname: values.nickname.trim(),
      qq: (values.qq ?? '').trim(),
      email: (values.email ?? '').trim(),
      avatar: values.avatar ?? '',
    };
    try {
      await edit(body).unwrap();
      void toast(intl.formatMessage({ id: 'profile.saved' }), 'success');
    } catch {
      // the API layer has shown why
    }
  };

  return (
    <div className="personal-page">
      <Card title={<h1 className="page-title">{intl.formatMessage({ id: 'route.personalData' })}</h1>} className="profile-card">
        {isLoading || !user ? (
          <Skeleton active avatar />
        ) : (
          <>
            <Descriptions column={{ xs: 1, sm: 2 }} size="small" className="profile-facts">
              <Descriptions.Item label={intl.formatMessage({ id: 'profile.username' })}>
                <span className="profile-username">{user.username}</span>
              </Descriptions.Item>
              <Descriptions.Item label={intl.formatMessage({ id: 'profile.mobile' })}>
                <span className="profile-mobile">{user.mobile}</span>
              </Descriptions.Item>
              {account ? (
                <>
                  <Descriptions.Item label={intl.formatMessage({ id: 'profile.registeredAt' })}>
                    {formatDate(account.registered_at)}
                  </Descriptions.Item>
                  <Descriptions.Item label={intl.formatMessage({ id: 'profile.lastLoginAt' })}>
                    {formatDate(account.last_login_at)}
                  </Descriptions.Item>
                </>
              ) : null}
            </Descriptions>
            <Form
              form={form}
              layout="vertical"
              className="profile-form"
              requiredMark={false}
              onFinish={(v) => void onFinish(v)}
              style={{ maxWidth: 480 }}
            >
              <Form.Item name="avatar" label={intl.formatMessage({ id: 'profile.avatar' })}>
                <AvatarUpload />
              </Form.Item>
              <Form.Item
                name="nickname"
                label={intl.formatMessage({ id: 'profile.nickname' })}
                rules={[formRule(intl, validateNickname)]}
              >
                <Input maxLength={30} placeholder={intl.formatMessage({ id: 'profile.nickname.placeholder' })} />
              </Form.Item>
              <Form.Item name="qq" label={intl.formatMessage({ id: 'profile.qq' })} rules={[formRule(intl, validateQq)]}>
                <Input inputMode="numeric" maxLength={11} placeholder={intl.formatMessage({ id: 'profile.qq.placeholder' })} />
              </Form.Item>
              <Form.Item
                name="email"
                label={intl.formatMessage({ id: 'profile.email' })}
                rules={[formRule(intl, validateEmail)]}
              >
                <Input type="email" placeholder={intl.formatMessage({ id: 'profile.email.placeholder' })} />
              </Form.Item>
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={saving} className="profile-save">
                  {intl.formatMessage({ id: 'profile.save' })}
                </Button>
              </Form.Item>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
