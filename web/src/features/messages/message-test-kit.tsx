/**
 * Test helpers of the message tests: a fake mailbox that filters, pages and reads the way the
 * server does (docs/api.md "Messages") and fixtures, beside the shared fake server that
 * records what was sent and the render helper with a router that shows where the screen went
 * (testing/screen-test-kit.tsx, re-exported). Imported by tests only.
 */
import { ok, refused, type Handler } from '../../testing/screen-test-kit';
import type { Message } from './message-api';

export { bodiesOf, count, lastBody, ok, renderAt, serve, stubBrowserBits, stubRequestOrigin } from '../../testing/screen-test-kit';

/** A message of the caller's; override what a test is about. */
export function messageOf(overrides: Partial<Message> = {}): Message {
  return {
    id: 'order-JP202611210001-2',
    kind: 'order_paid',
    title: '订单已支付',
    content: '订单 JP202611210001 已支付 107.40 元',
    link: { type: 'order', id: 'JP202611210001', path: '/orderDetail?order_no=JP202611210001' },
    read: false,
    created_at: 1795000000,
    ...overrides,
  };
}

/**
 * The caller's messages as the server keeps them: message/lists filters by status and pages
 * newest first (adding `unread`), unread_count counts, read reads one (404 for an unknown id),
 * read_all reads them all. `unreadExtra` adds unread messages that are counted but not listed
 * (to reach 99+ without building a hundred).
 */
export function mailbox(messages: Message[], { unreadExtra = 0 }: { unreadExtra?: number } = {}) {
  const box = messages.map((m) => ({ ...m }));
  let extra = unreadExtra;
  const unread = () => box.filter((m) => !m.read).length + extra;
  const routes: Record<string, Handler> = {
    '/message/lists': (body) => {
      const status = body.status ?? 'all';
      const list = box
        .filter((m) => status === 'all' || (status === 'unread' ? !m.read : m.read))
        .sort((a, b) => b.created_at - a.created_at);
      const page = Number(body.page ?? 1);
      const size = Number(body.pagesize ?? 20);
      return ok({ list: list.slice((page - 1) * size, page * size), total: list.length, page, pagesize: size, unread: unread() });
    },
    '/message/unread_count': () => ok({ unread: unread() }),
    '/message/read': (body) => {
      const message = box.find((m) => m.id === body.id);
      if (!message) return refused(404, '请求错误，未找到该资源');
      message.read = true;
      return ok({ unread: unread() });
    },
    '/message/read_all': () => {
      for (const m of box) m.read = true;
      extra = 0;
      return ok({ unread: 0 });
    },
  };
  return { routes, box };
}
