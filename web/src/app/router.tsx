import { Suspense } from 'react';
import {
  Navigate,
  Route,
  Routes,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
} from 'react-router';
import { notFoundPath } from '../lib/site-rule';
import { useAppSelector } from './hooks';
import { lazyScreen } from './lazy-screen';
import { PageTitle } from './page-title';
import { progressStart } from './progress';
import { RootShell } from './root-shell';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { selectSite } from './session-slice';

/** Module paths of spec section 2 and the screen each one opens. */
export const MODULE_REDIRECTS: Record<string, string> = {
  '/moduleOrder': '/orderList',
  '/moduleSale': '/saleList',
  '/moduleFund': '/myFund',
  '/modulePersonal': '/personalData',
  '/moduleResources': '/personalData',
};

// Every screen is its own chunk. Later issues add theirs here.
const LoginScreen = lazyScreen(() => import('../features/auth/login-screen'));
const NotFoundScreen = lazyScreen(() => import('./not-found-screen'));
const SiteLayout = lazyScreen(() => import('./site-layout'));
const PersonalDataScreen = lazyScreen(() => import('../features/personal/personal-data-screen'));

/** A module path: to its first screen, keeping the query (and so `site`). */
function ModuleRedirect({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate to={`${to}${location.search}`} replace />;
}

function NotFoundRedirect() {
  const site = useAppSelector(selectSite);
  return <Navigate to={notFoundPath(site)} replace />;
}

/** The route table; the site layout wraps every route but login and 404. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootShell />}>
        <Route path="/login" element={<PageTitle id="route.login"><LoginScreen /></PageTitle>} />
        <Route path="/404" element={<PageTitle id="route.notFound"><NotFoundScreen /></PageTitle>} />
        {Object.entries(MODULE_REDIRECTS).map(([path, to]) => (
          <Route key={path} path={path} element={<ModuleRedirect to={to} />} />
        ))}
        <Route path="/" element={<SiteLayout />}>
          <Route index element={<PageTitle id="route.home" />} />
          <Route path="personalData" element={<PageTitle id="route.personalData"><PersonalDataScreen /></PageTitle>} />
        </Route>
        <Route path="*" element={<NotFoundRedirect />} />
      </Route>
    </Routes>
  );
}

/**
 * Browser history whose every navigation starts the progress bar at once; navigations run as
 * transitions, so the old screen stays until the new one has loaded and the bar then completes.
 */
export function createAppHistory() {
  const history = createBrowserHistory({ v5Compat: true });
  const listen = history.listen.bind(history);
  history.listen = (listener) =>
    listen((update) => {
      progressStart();
      listener(update);
    });
  return history;
}

export type AppHistory = ReturnType<typeof createAppHistory>;

function Routed() {
  const location = useLocation();
  return (
    <ScreenErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={null}>
        <AppRoutes />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

export function AppRouter({ history }: { history: AppHistory }) {
  return (
    <HistoryRouter history={history}>
      <Routed />
    </HistoryRouter>
  );
}
