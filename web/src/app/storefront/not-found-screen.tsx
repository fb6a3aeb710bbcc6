import { Button, Result } from 'antd';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { withSite } from '../../lib/site-rule';
import { useAppSelector } from '../../state/hooks';
import { selectSite } from '../../state/session-slice';

export default function NotFoundScreen() {
  const intl = useIntl();
  const site = useAppSelector(selectSite);
  return (
    <main className="not-found">
      <Result
        status="404"
        title="404"
        subTitle={intl.formatMessage({ id: 'notFound.message' })}
        extra={
          <Link to={withSite('/', site)}>
            <Button type="primary">{intl.formatMessage({ id: 'notFound.backHome' })}</Button>
          </Link>
        }
      />
    </main>
  );
}
