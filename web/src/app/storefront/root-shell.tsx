import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAccountInfoQuery, useAreaSitesQuery, useSiteInfo } from '../../api/site-api';
import { setNavigator } from '../../lib/navigation';
import { notFoundPath, siteRedirect } from '../../lib/site-rule';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { progressDone } from './progress';
import { areaSiteListLoaded, selectSession } from '../../state/session-slice';

/** Completes the progress bar once the navigation's screen has rendered. */
function ProgressDone() {
  useEffect(() => progressDone(), []);
  return null;
}

/**
 * The root of every route: applies the site rule (a navigation without `site` gets the stored
 * one and repeats; a hash goes to 404), loads site info, area sites and (with a token) account
 * info at start and when the language or session changes, and goes to 404 when the site is
 * unknown.
 */
export function RootShell() {
  const { site, language, token } = useAppSelector(selectSession);
  const location = useLocation();
  const navigate = useNavigate();
  // main.tsx asked already (first-data.ts): a refusal that came before this mounted is read, not asked again
  const siteInfo = useSiteInfo({ site, language });
  const { data: areaSites } = useAreaSitesQuery({ language });
  const dispatch = useAppDispatch();
  useAccountInfoQuery({ token }, { skip: !token });

  // Switching back to a language asked before answers from the cache, which the query's own
  // onQueryStarted never sees: the header's area-site names would stay in the other language.
  useEffect(() => {
    if (Array.isArray(areaSites)) dispatch(areaSiteListLoaded(areaSites));
  }, [areaSites, dispatch]);

  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);

  useEffect(() => {
    if (siteInfo.isError && location.pathname !== '/404') void navigate(notFoundPath(site), { replace: true });
    // only when the site call fails
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteInfo.isError]);

  const redirect = siteRedirect(location, site);
  if (redirect) return <Navigate to={redirect} replace />;
  if (location.hash) return <Navigate to={notFoundPath(site)} replace />;
  return (
    <>
      <Outlet />
      <ProgressDone key={location.key} />
    </>
  );
}
