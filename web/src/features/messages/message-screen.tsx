import { Button, Empty, Pagination, Skeleton, Tabs } from 'antd';
import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../state/hooks';
import { LoginRequired } from '../../widgets/login-required';
import { usePaginationTexts } from '../../widgets/pagination';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { QuotedText } from '../../widgets/quoted-text';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { useMessagesQuery, useReadAllMessagesMutation, useReadMessageMutation, type Message } from './message-api';
import {
  linkTypeKey,
  mailPath,
  MESSAGE_PAGE_SIZES,
  MESSAGE_STATUSES,
  messageListBody,
  messageSearchFromParams,
  messageTarget,
  type MessageSearch,
  type MessageStatus,
} from './message-logic';
import './messages.css';

/** One message: unread dot, type, title, time and content; the whole row opens it. */
function MessageItem({ message, onOpen }: { message: Message; onOpen: (message: Message) => void }) {
  const intl = useIntl();
  const to = useSitePath();
  const target = messageTarget(message.link);
  const typeKey = linkTypeKey(message.link?.type);
  const body = (
    <>
      {message.read ? (
        <span className="mail-dot" aria-hidden />
      ) : (
        <span className="mail-dot" role="img" aria-label={intl.formatMessage({ id: 'mail.tab.unread' })} />
      )}
      <span className="mail-main">
        <span className="mail-head">
          {typeKey ? <span className="mail-type">{intl.formatMessage({ id: typeKey })}</span> : null}
          <span className="mail-title">{message.title}</span>
          <time className="mail-time" dateTime={new Date(message.created_at * 1000).toISOString()}>
            {formatDate(message.created_at)}
          </time>
        </span>
        <span className="mail-content">
          <QuotedText text={message.content} quoted={message.quoted} />
        </span>
      </span>
    </>
  );
  return (
    <li className={`mail-item${message.read ? ' is-read' : ' is-unread'}`} data-message={message.id}>
      {target ? (
        <Link
          to={to(target)}
          className="mail-item-open"
          onClick={(event: MouseEvent) => {
            // a plain click marks it read and goes there within the app; ctrl/shift/middle clicks keep the browser's behaviour
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
              onOpen({ ...message, link: null });
              return;
            }
            event.preventDefault();
            onOpen(message);
          }}
        >
          {body}
        </Link>
      ) : (
        <button type="button" className="mail-item-open" onClick={() => onOpen(message)}>
          {body}
        </button>
      )}
    </li>
  );
}

/**
 * `/mail` (personal module, spec section 2: message notifications): tabs all / unread / read,
 * newest first, paged; tab and page live in the address (`status`, `page`, `size`). Clicking a
 * message marks it read (unless it is) and goes to its link, keeping the site; 'mark all read'
 * reads them all. Reading invalidates the list and the layout's unread badge. Needs a session.
 */
export default function MessageScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  const { showTotal } = usePaginationTexts();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [params] = useSearchParams();
  const search = messageSearchFromParams(params);
  const { data, isLoading, isFetching } = useMessagesQuery(
    { token, language, ...messageListBody(search) },
    { skip: !token, refetchOnMountOrArgChange: true },
  );
  const [readOne] = useReadMessageMutation();
  const [readAll, readingAll] = useReadAllMessagesMutation();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  if (!token) return <LoginRequired />;

  const go = (next: MessageSearch) => void navigate(to(mailPath(next)));
  const open = (message: Message) => {
    // a refusal (another user's or unknown message) is the base query's toast
    if (!message.read) void readOne({ id: message.id });
    const target = messageTarget(message.link);
    if (target) void navigate(to(target));
  };
  const markAll = () =>
    void readAll()
      .unwrap()
      .then(() => toast(text('mail.readAll.done'), 'success'))
      .catch(() => undefined); // the base query has shown why
  const messages = data?.list ?? [];
  const unread = data?.unread ?? 0;

  return (
    <div className="mail-page">
      <header className="mail-head-bar">
        <h1 className="page-title">{text('route.mail')}</h1>
        {data ? <span className="mail-unread-total">{text('mail.unreadCount', { count: unread })}</span> : null}
        <Button className="mail-read-all" disabled={!data || unread < 1} loading={readingAll.isLoading} onClick={markAll}>
          {text('mail.readAll')}
        </Button>
      </header>
      <Tabs
        className="mail-tabs"
        activeKey={search.status}
        onChange={(tab) => go({ ...search, status: tab as MessageStatus, page: 1 })}
        items={MESSAGE_STATUSES.map((status) => ({
          key: status,
          label: (
            <span className={`mail-tab mail-tab-${status}`}>
              {text(`mail.tab.${status}`)}
              {status === 'unread' && unread > 0 ? <span className="mail-tab-count"> {unread}</span> : null}
            </span>
          ),
        }))}
      />
      {isLoading ? (
        <Skeleton active className="mail-skeleton" paragraph={{ rows: 5 }} />
      ) : messages.length === 0 ? (
        <Empty className="mail-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text(`mail.empty.${search.status}`)} />
      ) : (
        <ul className={`mail-list${isFetching ? ' is-refreshing' : ''}`} aria-busy={isFetching}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} onOpen={open} />
          ))}
        </ul>
      )}
      {(data?.total ?? 0) > 0 ? (
        <Pagination
          className="mail-pagination"
          current={search.page}
          pageSize={search.pagesize}
          total={data?.total ?? 0}
          showTotal={showTotal}
          showSizeChanger
          pageSizeOptions={MESSAGE_PAGE_SIZES.map(String)}
          onChange={(page, size) => go({ ...search, page: size !== search.pagesize ? 1 : page, pagesize: size })}
        />
      ) : null}
    </div>
  );
}
