import { api } from '../../api/api';
import type { Captcha, SmsEvent, SmsSent } from './types';
import type { SessionUser } from '../../lib/api-types';
import { loggedIn, loggedOut } from '../../state/session-slice';

/** Session calls: captcha, SMS code, register, login, password reset, logout. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A new captcha image each time `nonce` changes. */
    captcha: build.query<Captcha, number>({
      query: () => '/jpmall/addons/unishop/sms/get/captcha',
      keepUnusedDataFor: 0,
    }),
    checkCaptcha: build.mutation<{ captcha_key: string }, { captcha_key: string; captcha: string }>({
      query: (body) => ({ url: '/jpmall/addons/unishop/sms/check', method: 'POST', body }),
    }),
    sendSms: build.mutation<SmsSent, { mobile: string; event: SmsEvent; captcha_key: string; captcha: string }>({
      query: (body) => ({ url: '/jpmall/addons/unishop/sms/sendSmsText', method: 'POST', body }),
    }),
    register: build.mutation<
      { userinfo: SessionUser },
      { mobile: string; password: string; repassword: string; code: string; agree: true }
    >({
      query: (body) => ({ url: '/jpmall/addons/unishop/user/register', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(loggedIn(data.userinfo));
        dispatch(api.util.invalidateTags(['Site', 'User', 'Account']));
      },
    }),
    login: build.mutation<SessionUser, { mobile: string; password: string }>({
      query: (body) => ({ url: '/jpmall/addons/unishop/user/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(loggedIn(data));
        dispatch(api.util.invalidateTags(['User', 'Account']));
      },
    }),
    resetPassword: build.mutation<null, { mobile: string; password: string; repassword: string; code: string }>({
      query: (body) => ({ url: '/jpmall/addons/unishop/user/resetpwd', method: 'POST', body }),
    }),
    /**
     * Ends the session whose token is given. The session is cleared here at once, before the
     * answer: calls still running or polled meanwhile belong to the old session, so their answers
     * (a 401 once the server has dropped the token) are not an expired login. The call carries the
     * token itself. Once answered, the cached answers of the old session are dropped.
     */
    logout: build.mutation<null, string>({
      query: (token) => ({ url: '/jpmall/addons/unishop/user/logout', method: 'POST', body: {}, headers: { token } }),
      extraOptions: { silent: true, noLoginPrompt: true },
      async onQueryStarted(_token, { dispatch, queryFulfilled }) {
        dispatch(loggedOut());
        await queryFulfilled.catch(() => undefined);
        dispatch(api.util.resetApiState());
      },
    }),
  }),
});

export const {
  useCaptchaQuery,
  useCheckCaptchaMutation,
  useSendSmsMutation,
  useRegisterMutation,
  useLoginMutation,
  useResetPasswordMutation,
  useLogoutMutation,
} = authApi;
