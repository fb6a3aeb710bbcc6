import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

function ScreenError() {
  const intl = useIntl();
  return (
    <Result
      status="error"
      className="console-screen-error"
      title={intl.formatMessage({ id: 'error.screenLoad' })}
      subTitle={intl.formatMessage({ id: 'version.description' })}
      extra={<Button onClick={() => window.location.reload()}>{intl.formatMessage({ id: 'version.refresh' })}</Button>}
    />
  );
}

/** A console screen that fails to load (most often a newer deployment) or render; reset by a new path. */
export class ConsoleScreenBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  render() {
    if (this.state.error && import.meta.env.DEV) console.error(this.state.error);
    return this.state.error ? <ScreenError /> : this.props.children;
  }
}
