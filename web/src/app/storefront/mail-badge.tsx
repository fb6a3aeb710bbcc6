import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useUnreadMessageCount } from '../../features/messages/message-api';
import { badgeText } from '../../lib/badge';
import { useSitePath } from '../../widgets/site-path';

/** The header's bell: links to `/mail` with the unread count (plain elements: the shell stays free of antd). */
export function MailLink() {
  const intl = useIntl();
  const to = useSitePath();
  const unread = useUnreadMessageCount();
  const text = badgeText(unread);
  const label = intl.formatMessage({ id: 'route.mail' });
  return (
    <Link
      to={to('/mail')}
      className="header-mail"
      title={label}
      aria-label={text ? `${label} ${intl.formatMessage({ id: 'mail.unreadCount' }, { count: unread ?? 0 })}` : label}
    >
      <svg className="header-mail-bell" viewBox="0 0 24 24" width="18" height="18" aria-hidden focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {text ? <sup className="count-badge header-mail-badge">{text}</sup> : null}
    </Link>
  );
}
