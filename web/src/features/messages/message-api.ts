import { createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../api/api';
import type { Page } from '../../lib/api-types';
import { useAppSelector } from '../../state/hooks';
import { selectToken } from '../../state/session-slice';
import type { Language } from '../../lib/languages';
import type { MessageStatus } from './message-logic';

/** Where a message leads (docs/api.md "Messages"): `path` is an internal path. */
interface MessageLink {
  type: 'order' | 'after_sale' | 'withdrawal' | 'coupon' | string;
  id: string;
  path: string;
}

/** A notification made from an event; `title` and `content` are in the request's language. */
export interface Message {
  id: string;
  kind: string;
  title: string;
  content: string;
  /** What `content` quotes as a person typed it (a reason staff wrote), in its own language. */
  quoted?: string[];
  link: MessageLink | null;
  read: boolean;
  created_at: number;
}

export type MessagePage = Page<Message> & { unread: number };

export interface MessageListBody {
  page: number;
  pagesize: number;
  status: MessageStatus;
}

/** Every answer is the caller's own: the token is part of each query's arguments; the list's texts follow the language. */
type Session<T> = T & { token: string };

const P = '/jpmall/addons/unishop/message';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/** The layout asks for the unread count this often while logged in. */
export const UNREAD_POLL_MS = 60_000;

const LIST = { type: 'Message', id: 'LIST' } as const;
const UNREAD = { type: 'Message', id: 'UNREAD' } as const;

/**
 * Message calls (docs/api.md "Messages"). The list answers to `Message`/LIST, the
 * layout's unread count to `Message`/UNREAD; reading one or all invalidates both, whether it
 * worked or not (a 404 means the list on screen is out of date). The `Message` tag type is added
 * here, so api/api.ts keeps its list.
 */
export const messageApi = api.enhanceEndpoints({ addTagTypes: ['Message'] }).injectEndpoints({
  endpoints: (build) => ({
    messages: build.query<MessagePage, Session<MessageListBody> & { language: Language }>({
      query: ({ token: _token, language: _language, ...body }) => post('/lists', body),
      providesTags: [LIST],
    }),
    unreadMessageCount: build.query<{ unread: number }, Session<object>>({
      query: () => post('/unread_count'),
      providesTags: [UNREAD],
    }),
    readMessage: build.mutation<{ unread: number }, { id: string }>({
      query: (body) => post('/read', body),
      invalidatesTags: [LIST, UNREAD],
    }),
    readAllMessages: build.mutation<{ unread: number }, void>({
      query: () => post('/read_all'),
      invalidatesTags: [LIST, UNREAD],
    }),
  }),
});

export const { useMessagesQuery, useReadMessageMutation, useReadAllMessagesMutation } = messageApi;
const { useUnreadMessageCountQuery } = messageApi;

const MUTATION_DONE = `${api.reducerPath}/executeMutation/fulfilled`;
const readsMessages = (action: UnknownAction) =>
  messageApi.endpoints.readMessage.matchFulfilled(action) || messageApi.endpoints.readAllMessages.matchFulfilled(action);

/**
 * Messages are written on the server as the events are stored, so a call that changed something
 * (paying, cancelling, claiming a coupon, …) may already have made one: the unread count is asked
 * again after every mutation that worked instead of at the next minute's poll. Reading messages
 * invalidates the count itself.
 */
export const unreadAfterChanges = createListenerMiddleware();
unreadAfterChanges.startListening({
  // not after logout (or any change once the session has ended): there is no count to ask for
  predicate: (action, state) =>
    action.type === MUTATION_DONE && !readsMessages(action) && (state as { session: { token: string } }).session.token !== '',
  effect: (_action, { dispatch }) => {
    dispatch(messageApi.util.invalidateTags([UNREAD]));
  },
});

/**
 * The caller's unread count for the layout's badges, asked every minute while logged in, when the
 * window regains focus and after every change the seller makes (undefined without a session). Every user of the hook shares one cache entry and one timer.
 */
export function useUnreadMessageCount(): number | undefined {
  const token = useAppSelector(selectToken);
  const { data } = useUnreadMessageCountQuery(token ? { token } : skipToken, { pollingInterval: UNREAD_POLL_MS, refetchOnFocus: true });
  return token ? data?.unread : undefined;
}
