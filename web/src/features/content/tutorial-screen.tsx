import { Empty, Result, Skeleton } from 'antd';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useAppSelector } from '../../state/hooks';
import { selectLanguage } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { ArticleText } from './article-text';
import { useTutorialQuery, useTutorialsQuery } from './content-api';

function Article({ id }: { id: string }) {
  const intl = useIntl();
  const language = useAppSelector(selectLanguage);
  const { data, error, isLoading } = useTutorialQuery({ language, id });
  if (error && !data) return <Result status="404" title={(error as { msg?: string }).msg || intl.formatMessage({ id: 'error.http.404' })} />;
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <article className="tutorial-article">
      <h2 className="article-title">{data.title}</h2>
      <p className="page-hint">
        {data.category} · {intl.formatMessage({ id: 'tutorial.updatedAt' }, { date: formatDate(data.updated_at, 'YYYY-MM-DD') })}
      </p>
      <ArticleText text={data.content} />
    </article>
  );
}

/** `/tutorialcenter?id=`: articles by category on the left, the chosen one (or the first) on the right. */
export default function TutorialScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const language = useAppSelector(selectLanguage);
  const [params] = useSearchParams();
  const { data, isLoading } = useTutorialsQuery({ language });
  const first = data?.find((c) => c.articles.length > 0)?.articles[0]?.id ?? '';
  const id = params.get('id') || first;

  return (
    <div className="list-page tutorial-page">
      <h1 className="page-title">{intl.formatMessage({ id: 'route.tutorialcenter' })}</h1>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : !data || data.length === 0 ? (
        <Empty className="list-empty" description={intl.formatMessage({ id: 'tutorial.empty' })} />
      ) : (
        <div className="tutorial-layout">
          <nav className="tutorial-menu" aria-label={intl.formatMessage({ id: 'route.tutorialcenter' })}>
            {data.map((category) => (
              <section key={category.category}>
                <h2>{category.category}</h2>
                <ul>
                  {category.articles.map((a) => (
                    <li key={a.id}>
                      <Link
                        to={to(`/tutorialcenter?id=${encodeURIComponent(a.id)}`)}
                        className={`tutorial-link${a.id === id ? ' is-current' : ''}`}
                        aria-current={a.id === id ? 'page' : undefined}
                        title={a.summary}
                      >
                        {a.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          <div className="tutorial-content">{id ? <Article key={id} id={id} /> : null}</div>
        </div>
      )}
    </div>
  );
}
