import { Button, Layout, Menu, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { consoleApi, useMeQuery, useStaffLogoutMutation } from '../../api/console-api';
import { consoleLoggedOut, selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { ConsoleLanguageSwitch } from './language-switch';
import { useConsoleDispatch, useConsoleSelector } from './hooks';
import { menuEntries, menuKeyOf, screenAt, screensFor, type ConsoleScreen } from './menu';

/**
 * Every screen but the login: without an admin session it goes to /login; it asks `staff/me` for
 * who is logged in, shows the menu of the screens their permissions allow (a screen they may not
 * open shows `forbidden`), and a header with their name, role, the language switch and logout.
 */
export function ConsoleLayout({ screens, forbidden }: { screens: readonly ConsoleScreen[]; forbidden: ReactNode }) {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const dispatch = useConsoleDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMeQuery({ token }, { skip: !token });
  const [logout, { isLoading: leaving }] = useStaffLogoutMutation();

  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!me.data) {
    if (me.isError) {
      return (
        <Result
          status="error"
          title={intl.formatMessage({ id: 'console.me.failed' })}
          extra={<Button onClick={() => void me.refetch()}>{intl.formatMessage({ id: 'console.retry' })}</Button>}
        />
      );
    }
    return <Spin className="console-loading" />;
  }

  const staff = me.data;
  const allowed = screensFor(staff.permissions, screens, staff.role);
  const current = screenAt(location.pathname, screens);
  const mayOpen = !current || allowed.includes(current);

  const onLogout = async () => {
    try {
      await logout().unwrap();
    } catch {
      // the session ends here whatever the server answered
    }
    dispatch(consoleLoggedOut());
    dispatch(consoleApi.util.resetApiState());
  };

  return (
    <Layout className="console-layout" data-language={language}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} className="console-sider">
        <div className="console-brand">{intl.formatMessage({ id: 'console.brand' })}</div>
        <Menu
          theme="dark"
          mode="inline"
          className="console-menu"
          selectedKeys={[menuKeyOf(location.pathname, screens)]}
          items={menuEntries(allowed).map((screen) => ({ key: screen.path, label: intl.formatMessage({ id: screen.title }) }))}
          onClick={({ key }) => void navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <span className="console-staff">
            <span className="console-staff-name">{staff.name || staff.mobile}</span>
            <span className="console-staff-role">{intl.formatMessage({ id: `console.role.${staff.role}` })}</span>
          </span>
          <ConsoleLanguageSwitch />
          <Button className="console-logout" loading={leaving} onClick={() => void onLogout()}>
            {intl.formatMessage({ id: 'console.logout' })}
          </Button>
        </Layout.Header>
        <Layout.Content className="console-content">{mayOpen ? <Outlet /> : forbidden}</Layout.Content>
      </Layout>
    </Layout>
  );
}
