import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { PLATFORM_WRITEBACK_URL } from '../../api/platform-orders-api';
import { dayRangeToSeconds, validateDateRange } from '../../lib/date-range';
import { saveBlob } from '../../lib/file-download';
import { useAppSelector } from '../../state/hooks';
import { selectSession } from '../../state/session-slice';
import { useDayjsLocale } from '../../widgets/dayjs-locale';
import { fetchExcelFile } from '../../widgets/excel-download';
import { platformKey } from './order-logic';
import { PLATFORM_CODES } from './platform-logic';

/**
 * The write-back file of one platform's orders shipped on the chosen days (`.platform-writeback-day`),
 * whichever imports they came from: a day of orders may come in several exports.
 */
export function WritebackByDay() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  useDayjsLocale();
  const { token, language, areaSite } = useAppSelector(selectSession);
  const [platform, setPlatform] = useState<string>(PLATFORM_CODES[0]);
  const [start, setStart] = useState<Dayjs | null>(null);
  const [end, setEnd] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    const wrong = validateDateRange(start?.toDate(), end?.toDate());
    if (wrong) {
      setProblem(text(wrong));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const body = { platform, ...dayRangeToSeconds(start?.toDate(), end?.toDate()) };
      const result = await fetchExcelFile({ id: platform, fileName: 'writeback.xlsx', token, language, areaSite, url: PLATFORM_WRITEBACK_URL, body });
      if (result.ok) saveBlob(result.blob, result.fileName);
      else setProblem(result.msg || text('error.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="platform-writeback-day">
      <Select
        className="platform-writeback-platform"
        classNames={{ popup: { root: 'platform-writeback-platform-popup' } }}
        value={platform}
        onChange={setPlatform}
        style={{ minWidth: 140 }}
        options={PLATFORM_CODES.map((code) => ({ value: code, label: text(platformKey(code)!) }))}
      />
      <DatePicker className="platform-writeback-start" value={start} onChange={setStart} placeholder={text('platformOrders.writebackDay.from')} />
      <DatePicker className="platform-writeback-end" value={end} onChange={setEnd} placeholder={text('platformOrders.writebackDay.to')} />
      <Button icon={<DownloadOutlined />} className="platform-writeback-day-button" loading={busy} onClick={() => void download()}>
        {text('platformOrders.writebackDay.download')}
      </Button>
      {problem ? <Alert className="platform-writeback-day-error" type="error" showIcon title={problem} /> : null}
    </div>
  );
}
