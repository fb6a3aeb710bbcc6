import { Result, Spin } from 'antd';
import { lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { CONSOLE_SCREENS, type ConsoleScreen } from './menu';
import { ConsoleLayout } from './console-layout';
import { ConsoleLoginScreen } from './login-screen';
import { ConsoleScreenBoundary } from './screen-error';

/** The console's paths are below /admin (the server sends admin.html for all of them). */
const CONSOLE_BASENAME = '/admin';

function Forbidden() {
  const intl = useIntl();
  return <Result status="403" title={intl.formatMessage({ id: 'console.forbidden' })} className="console-forbidden" />;
}

function Loading() {
  return <Spin className="console-loading" />;
}

/** The screens (each its own chunk), behind the layout, which asks who is logged in. */
export function ConsoleRoutes({ screens = CONSOLE_SCREENS }: { screens?: readonly ConsoleScreen[] }) {
  const lazyScreens = useMemo(
    () => screens.map((screen) => ({ screen, Screen: lazy(screen.load) as ComponentType })),
    [screens],
  );
  const page = (path: string, node: ReactNode) => (
    <ConsoleScreenBoundary resetKey={path}>
      <Suspense fallback={<Loading />}>{node}</Suspense>
    </ConsoleScreenBoundary>
  );
  return (
    <Routes>
      <Route path="/login" element={<ConsoleLoginScreen />} />
      <Route element={<ConsoleLayout screens={screens} forbidden={<Forbidden />} />}>
        {lazyScreens.map(({ screen, Screen }) => (
          <Route key={screen.path} path={screen.path} element={page(screen.path, <Screen />)} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

export function ConsoleRouter() {
  return (
    <BrowserRouter basename={CONSOLE_BASENAME}>
      <ConsoleRoutes />
    </BrowserRouter>
  );
}
