import { Button, Empty, Pagination, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { usePaginationTexts } from '../../widgets/pagination';
import { useAppSelector } from '../../state/hooks';
import { selectLanguage } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { ArticleText } from './article-text';
import { useNoticeQuery, useNoticesQuery } from './content-api';

const PAGE_SIZE = 20;

function NoticeList() {
  const intl = useIntl();
  const to = useSitePath();
  const language = useAppSelector(selectLanguage);
  const { showTotal } = usePaginationTexts();
  const [page, setPage] = useState({ page: 1, pagesize: PAGE_SIZE });
  const { data, isLoading } = useNoticesQuery({ language, ...page });
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!data || data.list.length === 0) return <Empty className="list-empty" description={intl.formatMessage({ id: 'notice.empty' })} />;
  return (
    <>
      <ul className="notice-list">
        {data.list.map((n) => (
          <li key={n.id} className="notice-item">
            <Link to={to(`/noticeDetail?id=${encodeURIComponent(n.id)}`)} className="notice-item-title">
              {n.pinned ? <Tag color="red">{intl.formatMessage({ id: 'notice.pinned' })}</Tag> : null}
              {n.title}
            </Link>
            <time>{formatDate(n.published_at, 'YYYY-MM-DD')}</time>
            {n.summary ? <p className="page-hint">{n.summary}</p> : null}
          </li>
        ))}
      </ul>
      <Pagination
        className="list-pagination"
        current={page.page}
        pageSize={page.pagesize}
        total={data.total}
        showTotal={showTotal}
        showSizeChanger
        onChange={(next, pagesize) => setPage({ page: pagesize !== page.pagesize ? 1 : next, pagesize })}
      />
    </>
  );
}

function NoticeArticle({ id }: { id: string }) {
  const intl = useIntl();
  const to = useSitePath();
  const language = useAppSelector(selectLanguage);
  const { data, error, isLoading } = useNoticeQuery({ language, id });
  if (error && !data) {
    return (
      <Result
        status="404"
        title={(error as { msg?: string }).msg || intl.formatMessage({ id: 'error.http.404' })}
        extra={
          <Link to={to('/noticeDetail')}>
            <Button type="primary">{intl.formatMessage({ id: 'notice.all' })}</Button>
          </Link>
        }
      />
    );
  }
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <article className="notice-article">
      <h2 className="article-title">{data.title}</h2>
      <p className="page-hint">{formatDate(data.published_at)}</p>
      <ArticleText text={data.content} />
      <Link to={to('/noticeDetail')} className="notice-back">
        {intl.formatMessage({ id: 'notice.all' })}
      </Link>
    </article>
  );
}

/** `/noticeDetail?id=`: one notice; without an id, the list of notices (pinned first, then newest). */
export default function NoticesScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <div className="list-page notices-page">
      <h1 className="page-title">{intl.formatMessage({ id: id ? 'route.noticeDetail' : 'notice.title' })}</h1>
      {id ? <NoticeArticle key={id} id={id} /> : <NoticeList />}
    </div>
  );
}
