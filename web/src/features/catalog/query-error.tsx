import { Button, Result } from 'antd';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ApiError } from '../../api/base-query';
import { useSitePath } from '../../app/site-path';

/** What the call said went wrong (already in the request's language), or the given fallback key. */
export function errorText(error: unknown, fallback: string, t: (id: string) => string): string {
  const msg = (error as Partial<ApiError> | undefined)?.msg;
  return typeof msg === 'string' && msg !== '' ? msg : t(fallback);
}

export const isNotFound = (error: unknown): boolean => (error as Partial<ApiError> | undefined)?.status === 404;

/** A screen whose subject could not be loaded: the reason and a way home. */
export function MissingResult({ title, className }: { title: string; className?: string }) {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <Result
      className={className}
      status="404"
      title={title}
      extra={
        <Link to={to('/')}>
          <Button type="primary">{intl.formatMessage({ id: 'notFound.backHome' })}</Button>
        </Link>
      }
    />
  );
}
