import { Timeline } from 'antd';
import { useIntl } from 'react-intl';
import { formatDate } from '../lib/format-date';

/** One fact of an event: a catalogue key with its values, or plain text (a reason, a tracking number). */
export type TimelineFact =
  | { kind: 'money'; key: string; amount: string }
  | { kind: 'text'; key: string; text: string }
  | { kind: 'named'; key: string; nameKey: string | null; code: string }
  | { kind: 'flag'; key: string };

/** An event of a history as the server sends it (an order's, an after-sale's). */
export interface TimelineEvent {
  type: string;
  at: number;
  detail: Record<string, unknown> | null;
}

function FactText({ fact }: { fact: TimelineFact }) {
  const intl = useIntl();
  switch (fact.kind) {
    case 'money':
      return <>{intl.formatMessage({ id: fact.key }, { amount: fact.amount })}</>;
    case 'text':
      // a reason, a review or a tracking number is shown as it was typed
      return <>{intl.formatMessage({ id: fact.key }, { text: <span translate="no">{fact.text}</span> })}</>;
    case 'named':
      return <>{intl.formatMessage({ id: fact.key }, { name: fact.nameKey ? intl.formatMessage({ id: fact.nameKey }) : fact.code })}</>;
    case 'flag':
      return <>{intl.formatMessage({ id: fact.key })}</>;
  }
}

/**
 * A history, oldest first: one entry per event with what it said. The classes are
 * `<prefix>-timeline`, `<prefix>-event`, `<prefix>-event-<type>`, `<prefix>-event-time`,
 * `<prefix>-event-title` and `<prefix>-event-facts`; the feature names each event (`eventKey`,
 * the raw type when it does not know it), colours it and reads its facts.
 */
export function EventTimeline<E extends TimelineEvent>({
  entries,
  prefix,
  eventKey,
  eventColor,
  eventFacts,
}: {
  entries: readonly E[];
  prefix: string;
  eventKey: (type: string) => string | null;
  eventColor: (type: string) => string;
  eventFacts: (entry: E) => TimelineFact[];
}) {
  const intl = useIntl();
  return (
    <Timeline
      className={`${prefix}-timeline`}
      items={entries.map((entry, index) => {
        const key = eventKey(entry.type);
        const facts = eventFacts(entry);
        return {
          key: `${entry.type}-${entry.at}-${index}`,
          color: eventColor(entry.type),
          title: <span className={`${prefix}-event-time`}>{formatDate(entry.at)}</span>,
          content: (
            <div className={`${prefix}-event ${prefix}-event-${entry.type}`}>
              <div className={`${prefix}-event-title`}>{key ? intl.formatMessage({ id: key }) : entry.type}</div>
              {facts.length > 0 ? (
                <ul className={`${prefix}-event-facts`}>
                  {facts.map((fact) => (
                    <li key={fact.key}>
                      <FactText fact={fact} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ),
        };
      })}
    />
  );
}
