import { Tag } from 'antd';
import { useIntl, type IntlShape } from 'react-intl';
import type { Wave, WaveOutcome } from './warehouse-api';

const STATUS_COLOURS: Record<Wave['status'], string> = { open: 'processing', closing: 'gold', closed: 'default' };
const OUTCOME_COLOURS: Record<WaveOutcome, string> = { pending: 'default', prepared: 'green', short: 'orange', cancelled: 'red', skipped: 'default' };

/** A wave's status. */
export function WaveStatusTag({ status }: { status: Wave['status'] }) {
  const intl = useIntl();
  return (
    <Tag color={STATUS_COLOURS[status]} className="console-wave-status" data-status={status}>
      {intl.formatMessage({ id: `console.warehouse.wave.status.${status}` })}
    </Tag>
  );
}

/** What closing the wave did to an order. */
export function OutcomeTag({ outcome }: { outcome: WaveOutcome }) {
  const intl = useIntl();
  return (
    <Tag color={OUTCOME_COLOURS[outcome] ?? 'default'} className="console-wave-outcome" data-outcome={outcome}>
      {intl.formatMessage({ id: `console.warehouse.outcome.${outcome}` })}
    </Tag>
  );
}

/** The filters a wave was made with: market, stall, or every order. */
export function waveScope(intl: IntlShape, wave: Wave): string {
  const parts = [wave.market_name, wave.stall_name].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : intl.formatMessage({ id: 'console.warehouse.wave.scope.all' });
}

/** Who made or closed it: a staff member's name, or the operator. */
export function waveActor(intl: IntlShape, name: string | null | undefined): string {
  if (!name) return '';
  return name === 'operator' ? intl.formatMessage({ id: 'console.audit.actor.operator' }) : name;
}
