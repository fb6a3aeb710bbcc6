import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { lazyScreen } from '../../lib/lazy-screen';

// antd's Modal comes with the dialog's own chunk, loaded on the first click: the shell stays small
const CustomerServiceDialog = lazyScreen(() => import('../../widgets/customer-service'));

/** The header's 'customer service' entry (a plain button) and the dialog it opens. */
export function ServiceEntry() {
  const intl = useIntl();
  const [state, setState] = useState({ open: false, shown: false });
  return (
    <>
      <button type="button" className="plain-button header-service" onClick={() => setState({ open: true, shown: true })}>
        {intl.formatMessage({ id: 'service.entry' })}
      </button>
      {state.shown ? (
        <Suspense fallback={null}>
          <CustomerServiceDialog open={state.open} onClose={() => setState({ open: false, shown: true })} />
        </Suspense>
      ) : null}
    </>
  );
}
