import { useRef } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { locationHref } from '@renderer/features/editor/locations';
import type { PeriodRef } from '@renderer/features/editor/locations';
import type { ListedMessage } from '@renderer/features/editor/message-groups';
import { isFieldSection } from '@renderer/features/editor/sections';

type Props = { where: PeriodRef; messages: readonly ListedMessage[]; id: string; label: string };

/** Up to this many places are listed plainly; more (10,000 values of 2,000 users) scroll in a virtual list. */
const PLAIN_MAX = 30;
const ROW_HEIGHT = 28;
const MAX_HEIGHT = 320;

/** The places of one group, each its own text and a link that opens its cell. */
export function PlaceList(props: Props) {
  return props.messages.length <= PLAIN_MAX ? <PlainPlaces {...props} /> : <VirtualPlaces {...props} />;
}

function PlainPlaces({ where, messages, id, label }: Props) {
  return (
    <ul id={id} className="editor-places" aria-label={label}>
      {messages.map((m, i) => (
        <li key={`${m.path}-${String(i)}`} data-testid="editor-message" data-type={m.type} className="editor-place">
          <Place where={where} message={m} />
        </li>
      ))}
    </ul>
  );
}

function VirtualPlaces({ where, messages, id, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change on every scroll; this component reads them each render and memoizes nothing.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const rows = useVirtualizer({
    count: messages.length,
    getScrollElement: () => box.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  return (
    // The list scrolls in its own box; keyboard users reach and scroll it (WCAG 2.1.1).
    <div
      id={id}
      ref={box}
      className="editor-places editor-places-scroll"
      role="list"
      aria-label={label}
      tabIndex={0}
      style={{ height: Math.min(messages.length * ROW_HEIGHT, MAX_HEIGHT) }}
    >
      <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
        {rows.getVirtualItems().map((item) => {
          const m = messages[item.index];
          if (m === undefined) return null;
          return (
            <div
              key={item.key}
              role="listitem"
              data-testid="editor-message"
              data-type={m.type}
              className="editor-place"
              style={{ position: 'absolute', top: item.start, left: 0, right: 0, height: ROW_HEIGHT }}
            >
              <Place where={where} message={m} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

function Place({ where, message: m }: { where: PeriodRef; message: ListedMessage }) {
  const { t } = useTranslation('editor');
  if (m.loc === undefined) {
    return (
      <Text size="sm" lang={m.lang} truncate="end" title={m.text}>
        {m.text} <span className="editor-place-path">{m.path === '' ? t('message.whole') : m.path}</span>
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={locationHref(where, m.loc)} size="sm" lang={m.lang} title={m.path} className="editor-place-link">
      {isFieldSection(m.loc.section) ? m.text : t('group.place', { row: m.loc.row + 1, text: m.text })}
    </Anchor>
  );
}
