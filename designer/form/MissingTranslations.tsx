// The toolbar's "missing translations" button: a count badge and a list of every text of the form
// lacking en-US or zh-TW (translations.ts does the walk); picking one selects its field (or the
// form, for form-level texts) so the property panel shows its three inputs.
import { useMemo, useState } from 'react';
import { Badge, Button, List, Popover, Typography } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import type { FormDefinition } from '../../schemas';
import { getField } from '../core';
import { textOf, useDesignerT } from './i18n';
import { missingTranslations } from './translations';
import { useDefinition, useDesignerStore } from './useDesigner';
import { metaOptionLabels } from './widgetMetas';

export function MissingTranslationsButton({ onPick }: { onPick?: (path: string | null) => void }) {
  const store = useDesignerStore();
  const { t, locale } = useDesignerT();
  const def: FormDefinition = useDefinition();
  const items = useMemo(() => missingTranslations(def, metaOptionLabels), [def]);
  const [open, setOpen] = useState(false);
  const where = (path: string | null) => {
    if (!path) return t('translations.form');
    const f = getField(def, path);
    return f ? `${textOf(f.label, locale)} (${path})` : path;
  };
  const content = (
    <div style={{ width: 380, maxHeight: 420, overflow: 'auto' }} data-testid="missing-translations">
      {items.length === 0 ? (
        <Typography.Text type="secondary">{t('translations.none')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(m, i) => (
            <List.Item
              key={i}
              data-testid="missing-translation"
              data-path={m.path ?? ''}
              style={{ cursor: 'pointer' }}
              onClick={() => {
                store.select(m.path ? [m.path] : []);
                onPick?.(m.path);
                setOpen(false);
              }}
            >
              <List.Item.Meta
                title={
                  <span>
                    {where(m.path)} · {t(`translations.kinds.${m.kind}`)}
                    {m.item ? ` ${m.item}` : ''}
                  </span>
                }
                description={
                  <span>
                    {m.zh}
                    {m.missing.length > 0 && ` — ${t('translations.lacks', { locales: m.missing.map((l) => t(`locales.${l}`)).join(', ') })}`}
                    {m.stale.length > 0 && ` — ${t('translations.stale', { locales: m.stale.map((l) => t(`locales.${l}`)).join(', ') })}`}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('translations.title')} content={content}>
      <Badge count={items.length} size="small" overflowCount={999}>
        <Button icon={<GlobalOutlined />} data-testid="missing-translations-button" data-count={items.length}>
          {t('translations.title')}
        </Button>
      </Badge>
    </Popover>
  );
}
