import { Button, Result } from 'antd';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ApiError } from '../../api/base-query';
import { useSitePath } from '../../widgets/site-path';

/** What the call said went wrong (already in the request's language), or the given fallback key. */
export function errorText(error: unknown, fallback: string, t: (id: string) => string): string {
  const msg = (error as Partial<ApiError> | undefined)?.msg;
  return typeof msg === 'string' && msg !== '' ? msg : t(fallback);
}

/** The server's own words (an envelope's msg, in the request's language), not a status's stock text. */
export function serverText(error: unknown): string | null {
  const failure = error as Partial<ApiError> | undefined;
  return typeof failure?.code === 'number' && failure.msg ? failure.msg : null;
}

export const isNotFound = (error: unknown): boolean => (error as Partial<ApiError> | undefined)?.status === 404;

/**
 * A screen whose subject could not be loaded: the reason and a way home. `missing` (the default)
 * says the subject does not exist (404); otherwise the call failed (no connection, a server error).
 */
export function MissingResult({ title, className, missing = true }: { title: string; className?: string; missing?: boolean }) {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <Result
      className={className}
      status={missing ? '404' : 'warning'}
      title={title}
      extra={
        <Link to={to('/')}>
          <Button type="primary">{intl.formatMessage({ id: 'notFound.backHome' })}</Button>
        </Link>
      }
    />
  );
}
