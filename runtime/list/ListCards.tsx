// The phone body of a definition's list (below VIEWPORT.tabletMinPx, issue 17): one card per
// row. The card is headed by the row's number (or title, or a code field, else the first
// column), shows the approval status as a tag and the list's next CARD_FIELDS columns as
// label: value, and carries the row's actions as touch-sized buttons. A tap on the card opens
// the row (the view action, like the grid's 查看); a list without actions toggles the row's
// highlight instead (`rowClick`). Loading and empty states are cards too. No grid code here.
import { Button, Empty, Skeleton, Tag } from 'antd';
import { APPROVAL_STATUS, TC, type Locale } from '../../schemas';
import type { SessionUser } from '../engine';
import { useRuntimeT } from '../i18n';
import { cellText, type ListColumn, type ListRow } from './columns';
import { RowActionButtons } from './RowActionButtons';
import type { RowAction } from './rowActions';
import './list.css';

/** how many columns a card shows besides its heading and status */
export const CARD_FIELDS = 4;

const STATUS_KEY = 'shenPiZhuangTai';
const HEADING_KEYS = ['number', 'title'];
const STATUS_COLORS: Record<string, string | undefined> = {
  [APPROVAL_STATUS.DRAFT.code]: undefined,
  [APPROVAL_STATUS.IN_APPROVAL.code]: 'processing',
  [APPROVAL_STATUS.APPROVED.code]: 'success',
  [APPROVAL_STATUS.RETURNED.code]: 'warning',
  [APPROVAL_STATUS.WITHDRAWN.code]: 'default',
  [APPROVAL_STATUS.VOID.code]: 'error',
};

export interface CardLayout {
  heading: ListColumn | undefined;
  status: ListColumn | undefined;
  fields: ListColumn[];
}

/** Which columns a card shows: its heading, its status tag and the first CARD_FIELDS others. */
export function cardLayout(columns: readonly ListColumn[]): CardLayout {
  const heading =
    HEADING_KEYS.map((k) => columns.find((c) => c.key === k)).find(Boolean) ??
    columns.find((c) => c.field?.type === TC.CODE) ??
    columns.find((c) => c.key !== STATUS_KEY);
  const status = columns.find((c) => c.key === STATUS_KEY);
  const fields = columns.filter((c) => c !== heading && c !== status).slice(0, CARD_FIELDS);
  return { heading, status, fields };
}

export interface ListCardsProps {
  rows: ListRow[];
  columns: ListColumn[];
  locale: Locale;
  user: SessionUser;
  loading: boolean;
  actions?: readonly RowAction[];
  onAction?: (a: RowAction, row: ListRow) => void;
  onToggle: (id: string | undefined) => void;
}

export default function ListCards({ rows, columns, locale, user, loading, actions, onAction, onToggle }: ListCardsProps) {
  const t = useRuntimeT(locale);
  const { heading, status, fields } = cardLayout(columns);
  const opens = !!onAction && !!actions?.includes('view');
  const tap = (row: ListRow) => (opens ? onAction!('view', row) : onToggle(row.id));

  return (
    <div className="fw-list-cards-wrap">
      {loading ? (
        <span role="status" aria-live="polite" className="fw-visually-hidden" data-testid="list-loading">
          {t('list.loading')}
        </span>
      ) : null}
      <ul className="fw-list-cards" data-testid="list-cards" aria-busy={loading ? 'true' : 'false'} aria-label={t('list.cards')}>
        {loading && !rows.length
          ? [0, 1, 2].map((i) => (
              <li key={i} className="fw-list-card" aria-hidden="true">
                <Skeleton active title paragraph={{ rows: 2 }} />
              </li>
            ))
          : rows.map((row) => {
              const title = heading ? cellText(row, heading, locale) : '';
              const code = status ? String(row[STATUS_KEY] ?? '') : '';
              const statusText = status ? cellText(row, status, locale) : '';
              return (
                <li
                  key={String(row.id)}
                  className={`fw-list-card${row.rowClick === 1 ? ' fw-row-highlight' : ''}${loading ? ' fw-list-card-stale' : ''}`}
                  data-testid={`list-card-${row.id}`}
                  onClick={(e) => {
                    if ((e.target as HTMLElement).closest('[data-fw-actions], .fw-list-card-title')) return;
                    tap(row);
                  }}
                >
                  <div className="fw-list-card-head">
                    <Button
                      type="link"
                      className="fw-list-card-title"
                      data-testid="list-card-title"
                      aria-pressed={opens ? undefined : row.rowClick === 1}
                      onClick={() => tap(row)}
                    >
                      {title || t('list.noTitle')}
                    </Button>
                    {status && statusText ? (
                      <Tag color={STATUS_COLORS[code]} data-testid="list-card-status" className="fw-list-card-status">
                        {statusText}
                      </Tag>
                    ) : null}
                  </div>
                  {fields.length ? (
                    <dl className="fw-list-card-fields">
                      {fields.map((c) => (
                        <div key={c.key} className="fw-list-card-field">
                          <dt>{c.label}</dt>
                          <dd className={c.numeric ? 'fw-num' : undefined}>{cellText(row, c, locale) || '—'}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                  {actions?.length && onAction ? (
                    <div className="fw-list-card-foot">
                      <RowActionButtons row={row} user={user} offered={actions} locale={locale} onAction={onAction} touch />
                    </div>
                  ) : null}
                </li>
              );
            })}
      </ul>
      {!loading && !rows.length ? <Empty className="fw-list-cards-empty" description={t('list.empty')} data-testid="list-empty" /> : null}
    </div>
  );
}
