import { Button, notification } from 'antd';
// its theme and locale, outside any screen
import { prepareAntd } from '../../lib/antd-scope';
import { t } from '../../lib/i18n';

export function openVersionNotice(): void {
  // the texts are the catalogue's; Ant Design's locale follows for the holder
  prepareAntd().catch(() => undefined);
  notification.open({
    key: 'new-version',
    type: 'info',
    duration: 0,
    placement: 'topRight',
    title: t('version.title'),
    description: t('version.description'),
    actions: (
      <Button type="primary" size="small" className="new-version-refresh" onClick={() => window.location.reload()}>
        {t('version.refresh')}
      </Button>
    ),
  });
}
