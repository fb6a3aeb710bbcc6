/**
 * Pure rules of the messages screen (docs/api.md "Messages"): the status tabs, how the
 * tab and page live in the address (`status`, `page`, `size`) and where a message leads.
 */
import { isAbsoluteUrl } from '../../lib/open-link';

/** The status tabs, in the order they are shown; `all` is the default. */
export const MESSAGE_STATUSES = ['all', 'unread', 'read'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_PAGE_SIZES = [10, 20, 50] as const;
const MESSAGE_DEFAULT_PAGE_SIZE = 10;

/** What the address holds: the tab and page. */
export interface MessageSearch {
  status: MessageStatus;
  page: number;
  pagesize: number;
}

/** The search in the address; an unknown status, page or size reads as the default. */
export function messageSearchFromParams(search: string | URLSearchParams): MessageSearch {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const status = params.get('status');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    status: (MESSAGE_STATUSES as readonly (string | null)[]).includes(status) ? (status as MessageStatus) : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pagesize: (MESSAGE_PAGE_SIZES as readonly number[]).includes(size) ? size : MESSAGE_DEFAULT_PAGE_SIZE,
  };
}

/** The address query of a search (without `site`, which the links add); the defaults are left out. */
export function messageSearchParams(search: MessageSearch): string {
  const params = new URLSearchParams();
  if (search.status !== 'all') params.set('status', search.status);
  if (search.page !== 1) params.set('page', String(search.page));
  if (search.pagesize !== MESSAGE_DEFAULT_PAGE_SIZE) params.set('size', String(search.pagesize));
  return params.toString();
}

/** The path of `/mail` for a search. */
export function mailPath(search: MessageSearch): string {
  const query = messageSearchParams(search);
  return `/mail${query ? `?${query}` : ''}`;
}

/** The body of message/lists: the status is always sent ('all' included). */
export const messageListBody = (search: MessageSearch) => ({ page: search.page, pagesize: search.pagesize, status: search.status });

/** Where clicking a message goes: its link's internal path, or null when it has none (an absolute address is not followed). */
export function messageTarget(link: { path?: string | null } | null | undefined): string | null {
  const path = link?.path?.trim() ?? '';
  if (path === '' || isAbsoluteUrl(path)) return null;
  return path.startsWith('/') ? path : `/${path}`;
}

/** The catalogue key of a link type's label, if it is one the screen names. */
export function linkTypeKey(type: string | null | undefined): string | null {
  return type === 'order' || type === 'after_sale' || type === 'withdrawal' || type === 'coupon' ? `mail.type.${type}` : null;
}
