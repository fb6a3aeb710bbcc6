import { useIntl } from 'react-intl';

/** Shown when a screen fails to load or render: most often a newer deployment. */
export function RouteError({ error }: { error: unknown }) {
  const intl = useIntl();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="route-error" role="alert">
      <h2>{intl.formatMessage({ id: 'error.screenLoad' })}</h2>
      <p>{intl.formatMessage({ id: 'version.description' })}</p>
      <button type="button" className="route-error-refresh" onClick={() => window.location.reload()}>
        {intl.formatMessage({ id: 'version.refresh' })}
      </button>
    </div>
  );
}
