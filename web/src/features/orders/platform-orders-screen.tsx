import { Card, Skeleton, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { usePlatformPreviewQuery } from '../../api/platform-orders-api';
import { useAppSelector } from '../../state/hooks';
import { selectToken } from '../../state/session-slice';
import { LoginRequired } from '../../widgets/login-required';
import { BatchPanel } from './platform-batch';
import { LinkDialog } from './platform-link-dialog';
import { ImportsList, LinksList } from './platform-lists';
import type { LinkTarget } from './platform-logic';
import { PreviewView } from './platform-preview';
import { PlatformUpload } from './platform-upload';
import { WritebackByDay } from './platform-writeback-day';
import './platform-orders.css';

/** The open import's preview, its link dialog and its batch. */
function OpenImport({ id }: { id: string }) {
  const token = useAppSelector(selectToken);
  const { data, isLoading, refetch } = usePlatformPreviewQuery({ token, id }, { skip: !token || !id, refetchOnMountOrArgChange: true });
  const [target, setTarget] = useState<LinkTarget | null>(null);
  const finished = useCallback(() => void refetch(), [refetch]);
  if (isLoading) return <Skeleton active className="platform-preview-loading" />;
  if (!data) return null;
  return (
    <>
      <PreviewView preview={data} onLink={setTarget} />
      <BatchPanel key={data.id} preview={data} onFinished={finished} />
      <LinkDialog platform={data.platform} importId={data.id} target={target} onClose={() => setTarget(null)} />
    </>
  );
}

/**
 * `/platformOrders` (order module): a platform's own order export uploaded and previewed (totals,
 * each order's state and lines, what is not linked yet), items linked to jpmall SKUs, labels
 * attached where the platform hides the buyer, the batch ordered, and the write-back file of what
 * shipped. The open import is the address's `id`; earlier imports reopen; 'my links' lists the
 * links. docs/api.md "Platform imports".
 */
export default function PlatformOrdersScreen() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const token = useAppSelector(selectToken);
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const tab = params.get('tab') === 'links' ? 'links' : 'imports';
  const change = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged);
  };
  if (!token) return <LoginRequired />;

  return (
    <Card className="platform-orders-screen" title={<h1 className="platform-orders-title">{text('route.platformOrders')}</h1>}>
      <p className="platform-hint platform-orders-intro">{text('platformOrders.intro')}</p>
      <Tabs
        className="platform-orders-tabs"
        activeKey={tab}
        onChange={(key) => change({ tab: key === 'links' ? 'links' : '' })}
        items={[
          {
            key: 'imports',
            label: <span className="platform-tab-imports">{text('platformOrders.tab.imports')}</span>,
            children: (
              <div className="platform-imports-tab">
                <PlatformUpload onImported={(preview) => change({ id: preview.id })} />
                {id ? <OpenImport key={id} id={id} /> : null}
                <section className="platform-imports-section">
                  <h3>{text('platformOrders.imports.title')}</h3>
                  <ImportsList current={id} onOpen={(open) => change({ id: open })} />
                </section>
                <section className="platform-writeback-day-section">
                  <h3>{text('platformOrders.writebackDay.title')}</h3>
                  <p className="platform-hint">{text('platformOrders.writebackDay.hint')}</p>
                  <WritebackByDay />
                </section>
              </div>
            ),
          },
          {
            key: 'links',
            label: <span className="platform-tab-links">{text('platformOrders.tab.links')}</span>,
            children: <LinksList />,
          },
        ]}
      />
    </Card>
  );
}
