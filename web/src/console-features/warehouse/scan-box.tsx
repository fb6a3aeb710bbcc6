import { ScanOutlined } from '@ant-design/icons';
import { Button, Card, Input, Tag, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { consoleWarehouseApi, useShipBatchMutation, type ToShipOrder } from './warehouse-api';
import { failureText } from '../../lib/refusal';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleDispatch, useConsoleSelector } from '../../state/console-hooks';
import { courierName } from './names';

/** How many recent scans stay listed. */
const RECENT = 20;
/** Orders the prefix look-up asks for (a scanned number matches itself exactly among them). */
const LOOKUP_SIZE = 20;

interface ScanRecord {
  id: number;
  order_no: string;
  courier: string;
  tracking_no: string;
  ok: boolean;
  message: string;
}

/** The order a scanned number names among the look-up's answers: the same number, case aside. */
function scannedOrder(list: readonly ToShipOrder[], code: string): ToShipOrder | undefined {
  return list.find((order) => order.order_no === code) ?? list.find((order) => order.order_no.toUpperCase() === code.toUpperCase());
}

/**
 * The scan box (orders.write): a barcode scanner types an order number and Enter, then the
 * tracking number and Enter. The first picks the order, which must be in the to-ship queue; the
 * second ships it with the order's own courier. Each result goes on top of the recent scans, and
 * the box takes the focus back for the next scan. A refused tracking number keeps the order
 * picked, says why, and stays in the box selected, so the next scan replaces it. Escape drops a
 * picked order.
 */
export function ScanBox() {
  const intl = useIntl();
  const dispatch = useConsoleDispatch();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const [ship] = useShipBatchMutation();
  const input = useRef<InputRef>(null);
  const serial = useRef(0);
  const [value, setValue] = useState('');
  const [picked, setPicked] = useState<ToShipOrder | null>(null);
  const [busy, setBusy] = useState(false);
  const [scans, setScans] = useState<ScanRecord[]>([]);
  /** Why the last tracking number of the picked order was refused ('' when it was not). */
  const [refusal, setRefusal] = useState('');
  /** Set when a refused tracking number is put back: the box selects it, so the next scan replaces it. */
  const reselect = useRef(false);
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  useEffect(() => {
    if (busy) return;
    input.current?.focus();
    if (reselect.current) {
      reselect.current = false;
      input.current?.select();
    }
  }, [busy, picked, refusal]);

  const drop = () => {
    setPicked(null);
    setRefusal('');
  };

  const record = (scan: Omit<ScanRecord, 'id'>) => {
    serial.current += 1;
    const next = { ...scan, id: serial.current };
    setScans((earlier) => [next, ...earlier].slice(0, RECENT));
  };

  const pick = async (code: string) => {
    let list: ToShipOrder[];
    try {
      ({ list } = await dispatch(
        consoleWarehouseApi.endpoints.toShip.initiate({ token, language, order_no: code, page: 1, pagesize: LOOKUP_SIZE }, { subscribe: false, forceRefetch: true }),
      ).unwrap());
    } catch (error) {
      record({ order_no: code, courier: '', tracking_no: '', ok: false, message: failureText(error) ?? text('error.http.other') });
      return;
    }
    const order = scannedOrder(list, code);
    if (order) setPicked(order);
    else record({ order_no: code, courier: '', tracking_no: '', ok: false, message: text('console.warehouse.scan.notQueued') });
  };

  /** Ships the picked order; answers why it was refused ('' when shipped). */
  const send = async (order: ToShipOrder, trackingNo: string): Promise<string> => {
    const shipment = { order_no: order.order_no, courier: order.courier, tracking_no: trackingNo };
    let ok = false;
    let message: string;
    try {
      const answer = await ship({ shipments: [shipment] }).unwrap();
      const result = answer.results.find((r) => r.order_no === order.order_no) ?? answer.results[0];
      ok = result?.ok ?? false;
      message = result?.message ?? '';
    } catch (error) {
      message = failureText(error) ?? text('error.http.other');
    }
    record({ ...shipment, ok, message });
    return ok ? '' : message || text('error.http.other');
  };

  const onEnter = async () => {
    const code = value.trim();
    if (!code || busy) return;
    setValue('');
    setBusy(true);
    try {
      if (picked) {
        const refused = await send(picked, code);
        if (refused) {
          // The order stays picked, its refused number shown and selected: the next scan replaces it.
          setValue(code);
          setRefusal(refused);
          reselect.current = true;
        } else {
          drop();
        }
      } else {
        await pick(code);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={text('console.warehouse.scan.title')} className="console-card console-scan" data-step={picked ? 'tracking' : 'order'}>
      <Input
        ref={input}
        autoFocus
        size="large"
        allowClear
        prefix={<ScanOutlined />}
        className="console-scan-input"
        value={value}
        placeholder={text(picked ? 'console.warehouse.scan.trackingPlaceholder' : 'console.warehouse.scan.orderPlaceholder')}
        onChange={(event) => setValue(event.target.value)}
        onPressEnter={() => void onEnter()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') drop();
        }}
      />
      {picked ? (
        <div className="console-scan-picked" data-order={picked.order_no}>
          {text('console.warehouse.scan.picked', { order: picked.order_no, courier: courierName(intl, picked.courier) })}
          <Button size="small" type="link" className="console-scan-drop" onClick={drop}>
            {text('console.cancel')}
          </Button>
          {refusal ? (
            <div className="console-scan-refusal" role="alert">
              {text('console.warehouse.scan.trackingRefused', { message: refusal })} {text('console.warehouse.scan.again')}
            </div>
          ) : null}
        </div>
      ) : (
        <p className="console-hint console-scan-hint">{text('console.warehouse.scan.hint')}</p>
      )}
      {scans.length > 0 ? (
        <section className="console-scan-results">
          <h4>{text('console.warehouse.scan.recent')}</h4>
          <ul>
            {scans.map((scan) => (
              <li key={scan.id} className={`console-scan-result ${scan.ok ? 'is-ok' : 'is-failed'}`} data-order={scan.order_no} data-ok={String(scan.ok)}>
                <Tag color={scan.ok ? 'green' : 'red'}>{text(scan.ok ? 'console.warehouse.result.ok' : 'console.warehouse.result.failed')}</Tag>
                <span className="console-scan-order">{scan.order_no}</span>
                {scan.tracking_no ? <span className="console-scan-tracking">{`${courierName(intl, scan.courier)} ${scan.tracking_no}`}</span> : null}
                {scan.message ? <span className="console-scan-message">{scan.message}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}
