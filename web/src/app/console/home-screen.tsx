import { Card, Col, Empty, Row, Statistic } from 'antd';
import { useIntl } from 'react-intl';
import { useDashboardQuery, type Dashboard } from '../../api/console-api';
import { selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from './hooks';

/** The dashboard's counts, in the order shown, with their catalogue keys. */
const WAITING: readonly (keyof Dashboard)[] = ['orders_to_prepare', 'orders_to_ship', 'aftersales_to_review', 'withdrawals_to_decide'];

/** /admin: what waits, one card per count the staff member's role may see. */
export default function ConsoleHomeScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const { data, isLoading } = useDashboardQuery({ token });
  const present = WAITING.filter((field) => typeof data?.[field] === 'number');
  return (
    <div className="console-home">
      <h2>{intl.formatMessage({ id: 'console.home.title' })}</h2>
      {!isLoading && present.length === 0 ? <Empty description={intl.formatMessage({ id: 'console.home.nothing' })} /> : null}
      <Row gutter={[16, 16]}>
        {present.map((field) => (
          <Col key={field} xs={24} sm={12} lg={6}>
            <Card className={`console-waiting console-waiting-${field}`} data-field={field}>
              <Statistic title={intl.formatMessage({ id: `console.home.${field}` })} value={data?.[field]} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
