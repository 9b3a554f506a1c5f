import type { SystemStyleObject } from '@chakra-ui/react';
import { ArrowRight, Calendar, Handshake, Truck } from 'lucide-react';
import type { LoadListItem } from '#shared/schemas/loads.js';
import { statusLabel, statusPalette } from '../../components/StatusBadge';
import { formatDate, formatMoney } from '../../lib/format';
import { FLAG_LABELS } from './board-filters';

/**
 * The cards' looks, given once to the list that holds them (LoadsPage): a page is 50 cards, and a
 * card made of Chakra components computed, hashed and inserted the styles of about fifteen of them
 * each, which was most of a cold /loads' rendering time. The cards themselves are plain elements.
 */
export const LOAD_CARDS_CSS: SystemStyleObject = {
  '& .load-card': {
    // A button centres its content vertically: a column from the top, so a row's cards line up.
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'flex-start',
    alignItems: 'stretch',
    textAlign: 'start',
    width: 'full',
    height: 'full',
    bg: 'white',
    borderWidth: '1px',
    borderRadius: 'lg',
    p: '4',
    cursor: 'pointer',
    transition: 'box-shadow 0.15s, border-color 0.15s',
    '&:hover': { borderColor: 'blue.300', shadow: 'sm' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
    '&[data-highlighted]': { borderColor: 'blue.600', shadow: 'sm' },
  },
  '& .load-card-body': { display: 'flex', flexDirection: 'column', gap: '3' },
  '& .load-card-head': { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '2' },
  '& .load-card-number': { fontWeight: 'semibold', fontSize: 'md', wordBreak: 'break-all' },
  '& .load-card-status': {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'l2',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    textStyle: 'xs',
    px: '1.5',
    minH: '5',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.fg',
    textTransform: 'capitalize',
  },
  '& .load-card-line': { display: 'flex', alignItems: 'flex-start', gap: '2', color: 'gray.700', fontSize: 'sm' },
  '& .load-card-line svg': { flexShrink: 0 },
  '& .load-card-lane': { color: 'gray.800', fontSize: 'md' },
  '& .load-card-lane svg': { marginTop: '4px' },
  '& .load-card-rate': { fontWeight: 'semibold', fontSize: 'lg', color: 'gray.900' },
  '& .load-card-sr': { srOnly: true },
  ...Object.fromEntries(
    ['gray', 'blue', 'purple', 'orange', 'green', 'red', 'yellow'].map((palette) => [
      `& .load-card-status[data-palette=${palette}]`,
      { colorPalette: palette },
    ]),
  ),
};

/**
 * A load as a card: one button that opens its details, by mouse or keyboard. Everything
 * inside is phrasing content (spans), as a button requires. Styled by LOAD_CARDS_CSS on the list.
 */
export function LoadCard({
  load,
  onOpen,
  isHighlighted = false,
  onFocus,
}: {
  load: LoadListItem;
  onOpen: (loadId: string) => void;
  /** The board's keyboard highlight (j / k), which also focuses the card. */
  isHighlighted?: boolean;
  onFocus?: (loadId: string) => void;
}) {
  return (
    <button
      type="button"
      className="load-card"
      onClick={() => onOpen(load.id)}
      onFocus={() => onFocus?.(load.id)}
      data-testid="load-card"
      data-load-open={load.id}
      data-highlighted={isHighlighted || undefined}
    >
      <span className="load-card-body">
        <span className="load-card-head">
          <span className="load-card-number">{load.loadNumber}</span>
          <span className="load-card-status" data-palette={statusPalette(load.status)}>
            {statusLabel(load.status)}
          </span>
        </span>
        <span className="load-card-line load-card-lane">
          <ArrowRight size={16} aria-hidden="true" />
          <span>
            {load.pickupCity}, {load.pickupState}
            <span aria-hidden="true"> → </span>
            <span className="load-card-sr"> to </span>
            {load.deliveryCity}, {load.deliveryState}
          </span>
        </span>
        <span className="load-card-line">
          <Calendar size={16} aria-hidden="true" />
          <span>
            Pickup {formatDate(load.pickupDate)} · Delivery {formatDate(load.deliveryDate)}
          </span>
        </span>
        <span className="load-card-line">
          <Truck size={16} aria-hidden="true" />
          <span>Driver: {load.driverName ?? 'Unassigned'}</span>
        </span>
        <span className="load-card-line">
          <Handshake size={16} aria-hidden="true" />
          <span>Broker: {load.brokerName ?? '—'}</span>
        </span>
        <span className="load-card-head">
          <span className="load-card-rate">{formatMoney(load.rate)}</span>
          {load.flag ? (
            <span className="load-card-status" data-palette={load.flag === 'late' ? 'red' : 'orange'}>
              {FLAG_LABELS[load.flag]}
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
