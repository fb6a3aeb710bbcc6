import { message } from 'antd';
import { TOAST_DURATION_MS, TOAST_OFFSET_PX, type ToastType } from './constants';

message.config({ top: TOAST_OFFSET_PX, duration: TOAST_DURATION_MS / 1000, maxCount: 5 });

export function showToast(text: string, type: ToastType, key?: string): void {
  void message.open({ type, content: text, key, duration: TOAST_DURATION_MS / 1000 });
}
