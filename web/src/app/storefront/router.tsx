import { Suspense } from 'react';
import {
  Navigate,
  Route,
  Routes,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
} from 'react-router';
import { notFoundPath } from '../../lib/site-rule';
import { useAppSelector } from '../../state/hooks';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoginTitle, PageTitle } from './page-title';
import { progressStart } from './progress';
import { RootShell } from './root-shell';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { selectSite } from '../../state/session-slice';

/** Module paths of spec section 2 and the screen each one opens. */
const MODULE_REDIRECTS: Record<string, string> = {
  '/moduleOrder': '/orderList',
  '/moduleSale': '/saleList',
  '/moduleFund': '/myFund',
  '/modulePersonal': '/personalData',
  '/moduleResources': '/personalData',
};

// Every screen is its own chunk. Later issues add theirs here. The first screens (login, layout,
// home) render no Ant Design component, so they load without its provider (lib/antd-scope.tsx);
// first-screen.test.ts keeps it so.
const LoginScreen = lazyScreen(() => import('../../features/auth/login-screen'), { antd: false });
const NotFoundScreen = lazyScreen(() => import('./not-found-screen'));
const SiteLayout = lazyScreen(() => import('./site-layout'), { antd: false });
const PersonalDataScreen = lazyScreen(() => import('../../features/personal/personal-data-screen'));
const HomeScreen = lazyScreen(() => import('../../features/catalog/home-screen'), { antd: false });
const ProductListScreen = lazyScreen(() => import('../../features/catalog/product-list-screen'));
const ProductDetailScreen = lazyScreen(() => import('../../features/catalog/product-detail-screen'));
const StallListScreen = lazyScreen(() => import('../../features/catalog/stall-list-screen'));
const StallDetailScreen = lazyScreen(() => import('../../features/catalog/stall-detail-screen'));
const SameStyleScreen = lazyScreen(() => import('../../features/catalog/same-style-screen'));
const FavoritesScreen = lazyScreen(() => import('../../features/catalog/favorites-screen'));
const FollowedStallsScreen = lazyScreen(() => import('../../features/catalog/followed-stalls-screen'));
const NoticesScreen = lazyScreen(() => import('../../features/content/notices-screen'));
const TutorialScreen = lazyScreen(() => import('../../features/content/tutorial-screen'));
const ResourcesScreen = lazyScreen(() => import('../../features/content/resources-screen'));
const MyFundScreen = lazyScreen(() => import('../../features/fund/my-fund-screen'));
const WithdrawalStatusScreen = lazyScreen(() => import('../../features/fund/withdrawal-status-screen'));
const AddressCollectScreen = lazyScreen(() => import('../../features/address/address-collect-screen'));
const CartScreen = lazyScreen(() => import('../../features/cart/cart-screen'));
const ForwardSettingScreen = lazyScreen(() => import('../../features/forward/forward-setting-screen'));
const ListingShopsScreen = lazyScreen(() => import('../../features/listing/listing-shops-screen'));
const MyListingsScreen = lazyScreen(() => import('../../features/listing/my-listings-screen'));
const CheckoutScreen = lazyScreen(() => import('../../features/orders/checkout-screen'));
const HandOrderScreen = lazyScreen(() => import('../../features/orders/hand-order-screen'));
const PlatformOrdersScreen = lazyScreen(() => import('../../features/orders/platform-orders-screen'));
const OrderPayScreen = lazyScreen(() => import('../../features/orders/order-pay-screen'));
const OrderListScreen = lazyScreen(() => import('../../features/orders/order-list-screen'));
const OrderDetailScreen = lazyScreen(() => import('../../features/orders/order-detail-screen'));
const OutStockScreen = lazyScreen(() => import('../../features/orders/out-stock-screen'));
const AbnormalScreen = lazyScreen(() => import('../../features/orders/abnormal-screen'));
const SaleListScreen = lazyScreen(() => import('../../features/afterSales/sale-list-screen'));
const SaleDetailScreen = lazyScreen(() => import('../../features/afterSales/sale-detail-screen'));
const RankingScreen = lazyScreen(() => import('../../features/ranking/ranking-screen'));
const CouponScreen = lazyScreen(() => import('../../features/coupons/coupon-screen'));
const MessageScreen = lazyScreen(() => import('../../features/messages/message-screen'));
const ExcelHistoryScreen = lazyScreen(() => import('../../features/excel/excel-history-screen'));

/** The layout's screens by path, for `preloadScreen`; the route table below is the reference. */
const LAYOUT_SCREENS: Record<string, { preload: () => Promise<void> }> = {
  '/': HomeScreen,
  '/recentnew': ProductListScreen,
  '/recentBK': ProductListScreen,
  '/recentFl_asia': ProductListScreen,
  '/search': ProductListScreen,
  '/goodsDetail': ProductDetailScreen,
  '/wholesaleList': StallListScreen,
  '/wholesale': StallDetailScreen,
  '/sameStyle': SameStyleScreen,
  '/personalData': PersonalDataScreen,
  '/cart': CartScreen,
  '/orderList': OrderListScreen,
};

/**
 * Starts loading the code of the screen at `pathname` (with the layout around it) before the
 * first render, beside the catalogue: otherwise the layout's chunk is asked for only once the
 * catalogue has arrived and the tree renders, and the screen's only once the layout has.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  if (pathname === '/login') return LoginScreen.preload();
  if (pathname === '/404' || pathname in MODULE_REDIRECTS) return Promise.resolve();
  return Promise.all([SiteLayout.preload(), LAYOUT_SCREENS[pathname]?.preload()]);
}

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
function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootShell />}>
        <Route path="/login" element={<LoginTitle><LoginScreen /></LoginTitle>} />
        <Route path="/404" element={<PageTitle id="route.notFound"><NotFoundScreen /></PageTitle>} />
        {Object.entries(MODULE_REDIRECTS).map(([path, to]) => (
          <Route key={path} path={path} element={<ModuleRedirect to={to} />} />
        ))}
        <Route path="/" element={<SiteLayout />}>
          <Route index element={<PageTitle id="route.home"><HomeScreen /></PageTitle>} />
          <Route path="recentnew" element={<PageTitle id="route.recentnew"><ProductListScreen key="new" scene="new" /></PageTitle>} />
          <Route path="recentBK" element={<PageTitle id="route.recentBK"><ProductListScreen key="hot" scene="hot" /></PageTitle>} />
          <Route path="recentFl_asia" element={<PageTitle id="route.recentFl_asia"><ProductListScreen key="sea" scene="sea" /></PageTitle>} />
          <Route path="search" element={<PageTitle id="route.search"><ProductListScreen key="search" /></PageTitle>} />
          <Route path="goodsDetail" element={<PageTitle id="route.goodsDetail"><ProductDetailScreen /></PageTitle>} />
          <Route path="wholesaleList" element={<PageTitle id="route.wholesaleList"><StallListScreen /></PageTitle>} />
          <Route path="wholesale" element={<PageTitle id="route.wholesale"><StallDetailScreen /></PageTitle>} />
          <Route path="sameStyle" element={<PageTitle id="route.sameStyle"><SameStyleScreen /></PageTitle>} />
          <Route path="noticeDetail" element={<PageTitle id="route.noticeDetail"><NoticesScreen /></PageTitle>} />
          <Route path="tutorialcenter" element={<PageTitle id="route.tutorialcenter"><TutorialScreen /></PageTitle>} />
          <Route path="resources" element={<PageTitle id="route.resources"><ResourcesScreen /></PageTitle>} />
          <Route path="personalData" element={<PageTitle id="route.personalData"><PersonalDataScreen /></PageTitle>} />
          <Route path="productCollection" element={<PageTitle id="route.productCollection"><FavoritesScreen /></PageTitle>} />
          <Route path="wholesaleCollection" element={<PageTitle id="route.wholesaleCollection"><FollowedStallsScreen /></PageTitle>} />
          <Route path="myFund" element={<PageTitle id="route.myFund"><MyFundScreen /></PageTitle>} />
          <Route path="withdrawalStatus" element={<PageTitle id="route.withdrawalStatus"><WithdrawalStatusScreen /></PageTitle>} />
          <Route path="addressCollect" element={<PageTitle id="route.addressCollect"><AddressCollectScreen /></PageTitle>} />
          <Route path="cart" element={<PageTitle id="route.cart"><CartScreen /></PageTitle>} />
          <Route path="forwardSeting" element={<PageTitle id="route.forwardSeting"><ForwardSettingScreen /></PageTitle>} />
          <Route path="listingShops" element={<PageTitle id="route.listingShops"><ListingShopsScreen /></PageTitle>} />
          <Route path="myListings" element={<PageTitle id="route.myListings"><MyListingsScreen /></PageTitle>} />
          <Route path="checkout" element={<PageTitle id="route.checkout"><CheckoutScreen /></PageTitle>} />
          <Route path="handOrder" element={<PageTitle id="route.handOrder"><HandOrderScreen /></PageTitle>} />
          <Route path="platformOrders" element={<PageTitle id="route.platformOrders"><PlatformOrdersScreen /></PageTitle>} />
          <Route path="exportExcelHistory" element={<PageTitle id="route.exportExcelHistory"><ExcelHistoryScreen /></PageTitle>} />
          <Route path="order_pay" element={<PageTitle id="route.order_pay"><OrderPayScreen /></PageTitle>} />
          <Route path="orderList" element={<PageTitle id="route.orderList"><OrderListScreen /></PageTitle>} />
          <Route path="orderDetail" element={<PageTitle id="route.orderDetail"><OrderDetailScreen /></PageTitle>} />
          <Route path="saleList" element={<PageTitle id="route.saleList"><SaleListScreen /></PageTitle>} />
          <Route path="saleDetail" element={<PageTitle id="route.saleDetail"><SaleDetailScreen /></PageTitle>} />
          <Route path="outStock" element={<PageTitle id="route.outStock"><OutStockScreen /></PageTitle>} />
          <Route path="abnormal" element={<PageTitle id="route.abnormal"><AbnormalScreen /></PageTitle>} />
          <Route path="rankingList" element={<PageTitle id="route.rankingList"><RankingScreen /></PageTitle>} />
          <Route path="coupon" element={<PageTitle id="coupon.title"><CouponScreen /></PageTitle>} />
          <Route path="mail" element={<PageTitle id="route.mail"><MessageScreen /></PageTitle>} />
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
