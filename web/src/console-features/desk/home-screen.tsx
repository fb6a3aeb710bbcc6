import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { lazy, Suspense, useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useDashboardQuery, type Dashboard } from '../../api/console-api';
import { useDashboardTrendQuery, type DashboardFigures, type TrendDay } from './desk-api';
import { selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';

/** ECharts and the chart: a chunk of their own, fetched only when the trend is shown. */
const TrendChart = lazy(() => import('./trend-chart'));

/** The dashboard's counts, in the order shown, with their catalogue keys. */
const WAITING: readonly (keyof Dashboard)[] = ['orders_to_prepare', 'orders_to_ship', 'aftersales_to_review', 'withdrawals_to_decide'];

/** Today's figures (figures.read): counts, and the paid amount in yuan. */
const TODAY: readonly (keyof DashboardFigures)[] = ['orders_today', 'paid_today', 'shipped_today'];

/** The last 30 days of orders and refunds (figures.read). */
function TrendCard() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const { data, isError, isLoading } = useDashboardTrendQuery({ token });
  const describe = useCallback(
    (day: TrendDay) => [
      intl.formatMessage({ id: 'console.home.trend.ordersOf' }, { count: day.orders, amount: day.paid }),
      intl.formatMessage({ id: 'console.home.trend.refundsOf' }, { count: day.refunds, amount: day.refunded }),
    ],
    [intl],
  );
  const title = intl.formatMessage({ id: 'console.home.trend' });
  let body;
  if (isLoading) body = <Skeleton active />;
  else if (isError || !data) body = <p className="console-hint console-home-trend-failed">{intl.formatMessage({ id: 'console.home.trend.failed' })}</p>;
  else
    body = (
      <Suspense fallback={<Skeleton active />}>
        <TrendChart
          days={data.days}
          ordersLabel={intl.formatMessage({ id: 'console.home.trend.orders' })}
          refundsLabel={intl.formatMessage({ id: 'console.home.trend.refunds' })}
          describe={describe}
          title={title}
        />
      </Suspense>
    );
  return (
    <Card className="console-card console-home-trend" title={title}>
      {body}
    </Card>
  );
}

/** /admin: what waits and today's figures, one card per field the staff member's role may see; the trend. */
export default function ConsoleHomeScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const { can } = useStaffAccess();
  const { data, isLoading } = useDashboardQuery({ token });
  const figures = data as DashboardFigures | undefined;
  const present = WAITING.filter((field) => typeof data?.[field] === 'number');
  const today = TODAY.filter((field) => (field === 'paid_today' ? typeof figures?.[field] === 'string' : typeof figures?.[field] === 'number'));
  const showTrend = can('figures.read');
  return (
    <div className="console-home">
      <h2>{intl.formatMessage({ id: 'console.home.title' })}</h2>
      {!isLoading && present.length === 0 && today.length === 0 && !showTrend ? <Empty description={intl.formatMessage({ id: 'console.home.nothing' })} /> : null}
      <Row gutter={[16, 16]}>
        {present.map((field) => (
          <Col key={field} xs={24} sm={12} lg={6}>
            <Card className={`console-waiting console-waiting-${field}`} data-field={field}>
              <Statistic title={intl.formatMessage({ id: `console.home.${field}` })} value={data?.[field]} />
            </Card>
          </Col>
        ))}
      </Row>
      {today.length > 0 ? (
        <Row gutter={[16, 16]} className="console-home-today">
          {today.map((field) => (
            <Col key={field} xs={24} sm={12} lg={6}>
              <Card className={`console-figure console-figure-${field}`} data-field={field}>
                <Statistic
                  title={intl.formatMessage({ id: `console.home.${field}` })}
                  value={figures?.[field]}
                  {...(field === 'paid_today' ? { prefix: '¥', precision: 2 } : {})}
                />
              </Card>
            </Col>
          ))}
        </Row>
      ) : null}
      {showTrend ? <TrendCard /> : null}
    </div>
  );
}
