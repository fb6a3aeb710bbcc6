import { Modal } from 'antd';
// its theme and locale, outside any screen
import { prepareAntd } from '../lib/antd-scope';

export interface LoginPromptProps {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel: () => void;
}

export function showLoginPrompt(props: LoginPromptProps): void {
  // the texts are given; Ant Design's locale follows for the holder, without holding the dialog
  prepareAntd().catch(() => undefined);
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
