/** Shapes of docs/api.md that only this feature reads. */

export interface Captcha {
  captcha_key: string;
  image: string;
}

export interface SmsSent {
  cooldown: number;
  expires_in: number;
}

export type SmsEvent = 'register' | 'resetpwd' | 'changemobile';
