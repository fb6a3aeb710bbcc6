import { Modal } from 'antd';
// its theme, outside any screen
import '../lib/antd-scope';

export interface LoginPromptProps {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel: () => void;
}

export function showLoginPrompt(props: LoginPromptProps): void {
  Modal.confirm({
    title: props.title,
    content: props.content,
    okText: props.okText,
    cancelText: props.cancelText,
    onOk: props.onOk,
    onCancel: props.onCancel,
    className: 'login-prompt',
  });
}
