import { ExportOutlined } from '@ant-design/icons';
import { Empty, Skeleton } from 'antd';
import { useIntl } from 'react-intl';
import type { Resource } from './types';
import { useAppSelector } from '../../state/hooks';
import { selectLanguage } from '../../state/session-slice';
import { isAbsoluteUrl, resolveLink } from '../../lib/open-link';
import { useResourcesQuery } from './content-api';

/** Resources grouped by category, in the order the server gives. */
export function groupByCategory(list: readonly Resource[]): { category: string; items: Resource[] }[] {
  const groups = new Map<string, Resource[]>();
  for (const r of list) {
    const items = groups.get(r.category);
    if (items) items.push(r);
    else groups.set(r.category, [r]);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}

/** `/resources` (ecosystem resources): platforms, logistics and tools, opening in a new window. */
export default function ResourcesScreen() {
  const intl = useIntl();
  const language = useAppSelector(selectLanguage);
  const { data, isLoading } = useResourcesQuery({ language });
  return (
    <div className="list-page resources-page">
      <h1 className="page-title">{intl.formatMessage({ id: 'route.moduleResources' })}</h1>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !data || data.length === 0 ? (
        <Empty className="list-empty" description={intl.formatMessage({ id: 'resource.empty' })} />
      ) : (
        groupByCategory(data).map((group) => (
          <section key={group.category} className="resource-group">
            <h2>{group.category}</h2>
            <div className="resource-grid">
              {group.items.map((r) => (
                <a
                  key={r.id}
                  className="resource-card"
                  href={isAbsoluteUrl(r.url) ? r.url : resolveLink(r.url)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <span className="resource-title">
                    {r.title} <ExportOutlined />
                  </span>
                  <span className="page-hint">{r.description}</span>
                </a>
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
