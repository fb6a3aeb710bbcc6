/** Shapes of docs/api.md. */

/** Every answer: code 1 is success, 0 a refused request, 401 no or expired session. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

export interface User {
  id: string;
  username: string;
  nickname: string;
  avatar: string;
  mobile: string;
  qq: string;
  email: string;
}

/** The stored user record carries its token (spec section 3). */
export type SessionUser = User & { token: string };

export interface SiteInfo {
  site: string;
  name: string;
  logo: string;
  default_language: string;
  service: { qq: string; wechat: string; phone: string; hours: string };
  rsa_public_key: string;
}

export interface AreaSite {
  id: string;
  name: string;
}

export interface AccountInfo {
  user: User;
  registered_at: number;
  last_login_at: number;
}

export interface UploadedFile {
  url: string;
  name: string;
  width: number;
  height: number;
  size: number;
}

export interface Captcha {
  captcha_key: string;
  image: string;
}

export interface Agreement {
  title: string;
  content: string;
}

export interface SmsSent {
  cooldown: number;
  expires_in: number;
}

export type SmsEvent = 'register' | 'resetpwd' | 'changemobile';
