// A row's actions (view, modify, delete, void) as the user may take them (rowActions.ts): in the
// grid's pinned column and on a phone's card. Delete and void ask first. A click never reaches
// the row or card underneath (data-fw-actions marks the area).
import { Button, Popconfirm, Space } from 'antd';
import type { Locale } from '../../schemas';
import type { SessionUser } from '../engine';
import { useRuntimeT } from '../i18n';
import type { ListRow } from './columns';
import { rowActions, type RowAction } from './rowActions';

export interface RowActionButtonsProps {
  row: ListRow;
  user: SessionUser;
  offered: readonly RowAction[];
  locale: Locale;
  onAction: (a: RowAction, row: ListRow) => void;
  /** on a card: touch-sized buttons (VIEWPORT.touchTargetPx, list.css) */
  touch?: boolean;
}

export function RowActionButtons({ row, user, offered, locale, onAction, touch }: RowActionButtonsProps) {
  const t = useRuntimeT(locale);
  const allowed = rowActions(row, user, offered);
  if (!allowed.length) return null;
  const size = touch ? 'middle' : 'small';
  return (
    <Space
      size={touch ? 8 : 4}
      wrap={touch}
      className={touch ? 'fw-list-card-actions' : undefined}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      data-fw-actions="true"
    >
      {allowed.map((a) =>
        a === 'delete' || a === 'void' ? (
          <Popconfirm key={a} title={t(a === 'delete' ? 'list.confirmDelete' : 'list.confirmVoid')} onConfirm={() => onAction(a, row)}>
            <Button type="link" danger size={size} data-testid={`row-${a}-${row.id}`}>
              {t(`list.${a}`)}
            </Button>
          </Popconfirm>
        ) : (
          <Button key={a} type="link" size={size} data-testid={`row-${a}-${row.id}`} onClick={() => onAction(a, row)}>
            {t(`list.${a}`)}
          </Button>
        ),
      )}
    </Space>
  );
}
