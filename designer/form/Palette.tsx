// The palette: every field and component type, grouped as the spec's two lists, searchable.
// Drag an entry onto the canvas, or activate it (click / Enter) to add it after the selection.
import { memo, useMemo, useState } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { Input, Typography } from 'antd';
import type { WidgetMeta } from '../../widgets/types';
import { paletteId } from './dnd';
import { useDesignerT } from './i18n';
import { paletteGroups } from './widgetMetas';

const PaletteItem = memo(function PaletteItem({ meta, label, onAdd }: { meta: WidgetMeta; label: string; onAdd: (meta: WidgetMeta) => void }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: paletteId(meta.code), data: { kind: 'palette', code: meta.code } });
  return (
    <button
      type="button"
      ref={setNodeRef}
      className="fw-designer-palette-item"
      data-testid={`palette-${meta.typeId}`}
      {...attributes}
      {...listeners}
      onClick={() => onAdd(meta)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onAdd(meta);
          return;
        }
        listeners?.onKeyDown?.(e);
      }}
    >
      <span aria-hidden>＋</span>
      {label}
    </button>
  );
});

export function Palette({ onAdd }: { onAdd: (meta: WidgetMeta) => void }) {
  const { t, locale } = useDesignerT();
  const [query, setQuery] = useState('');
  const groups = useMemo(() => paletteGroups(), []);
  const q = query.trim().toLowerCase();
  const match = (m: WidgetMeta) =>
    !q || Object.values(m.name).some((n) => n.toLowerCase().includes(q)) || m.typeId.toLowerCase().includes(q) || String(m.code) === q;
  return (
    <nav className="fw-designer-palette" aria-label={t('palette.title')} data-testid="designer-palette">
      <Input.Search
        allowClear
        size="small"
        placeholder={t('palette.search')}
        aria-label={t('palette.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="palette-search"
      />
      {(['field', 'component'] as const).map((g) => {
        const items = groups[g].filter(match);
        if (items.length === 0) return null;
        return (
          <section key={g} aria-label={t(`palette.${g}`)}>
            <Typography.Text type="secondary" strong style={{ display: 'block', margin: '8px 0 4px' }}>
              {t(`palette.${g}`)}
            </Typography.Text>
            {items.map((m) => (
              <PaletteItem key={m.code} meta={m} label={m.name[locale] || m.name['zh-CN']} onAdd={onAdd} />
            ))}
          </section>
        );
      })}
    </nav>
  );
}
