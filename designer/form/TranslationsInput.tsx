// One control for every translatable text of a definition (form name, field label, placeholder,
// help, option label): zh-CN (the source, required where the schema says so) and its en-US and
// zh-TW translations. Stacked: three inputs; compact (option rows): the zh-CN input and a globe
// button opening the two translations, with a dot while one is missing. Changing zh-CN drops a
// translation that is still the default text of another zh-CN text (translations.ts), so a
// renamed field never shows its type's English name in en-US.
import { useState } from 'react';
import { Badge, Button, Input, Popover, Space, Tooltip, Typography } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale, type LocalizedText } from '../../schemas';
import type { DesignerT } from './i18n';
import { TRANSLATED_LOCALES, dropStale } from './translations';

type Draft = Partial<LocalizedText> | undefined;

/** Keeps what the user types until it is valid (derived-state pattern: resets when the stored value changes). */
function useDraft<T>(value: T): [T, (v: T) => void] {
  const [draft, setDraft] = useState(value);
  const [prev, setPrev] = useState(value);
  if (value !== prev) {
    setPrev(value);
    setDraft(value);
  }
  return [draft, setDraft];
}

export interface TranslationsInputProps {
  id: string;
  value: LocalizedText | undefined;
  required: boolean;
  onChange: (v: LocalizedText | undefined) => void;
  t: DesignerT;
  /** default texts a translation may have been left at (a new field's type name, "Option 2") */
  defaults?: readonly Partial<LocalizedText>[];
  /** one input and a globe button (option rows) instead of three stacked inputs */
  compact?: boolean;
  /** the accessible name of the zh-CN input in compact mode */
  label?: string;
}

export function TranslationsInput({ id, value, required, onChange, t, defaults = [], compact, label }: TranslationsInputProps) {
  const [draft, setDraft] = useDraft<Draft>(value);
  const [open, setOpen] = useState(false);
  const zhMissing = required && !draft?.['zh-CN'];
  const missing = !!draft?.['zh-CN'] && TRANSLATED_LOCALES.some((l) => !draft?.[l]?.trim());

  const change = (l: Locale, v: string) => {
    let next: Record<string, string> = {};
    for (const k of LOCALES) {
      const s = k === l ? v : draft?.[k];
      // a blank translation is no translation: the runtime would show the blank instead of zh-CN
      if (s?.trim()) next[k] = s;
    }
    if (l === 'zh-CN') next = dropStale(next, defaults);
    setDraft(next as Partial<LocalizedText>);
    if (next['zh-CN']) onChange(next as LocalizedText);
    else if (!required && Object.keys(next).length === 0) onChange(undefined);
  };

  const input = (l: Locale, addon: boolean) => (
    <Input
      key={l}
      id={l === 'zh-CN' ? id : `${id}-${l}`}
      size="small"
      addonBefore={addon ? t(`locales.${l}`) : undefined}
      aria-label={l === 'zh-CN' && label ? label : t(`locales.${l}`)}
      data-testid={`${id}-${l}`}
      status={l === 'zh-CN' ? (zhMissing ? 'error' : undefined) : draft?.['zh-CN'] && !draft?.[l]?.trim() ? 'warning' : undefined}
      placeholder={l === 'zh-CN' ? undefined : t('translations.missing')}
      value={draft?.[l] ?? ''}
      onChange={(e) => change(l, e.target.value)}
    />
  );

  if (compact) {
    return (
      <Space.Compact style={{ width: '100%' }}>
        {input('zh-CN', false)}
        <Popover
          open={open}
          onOpenChange={setOpen}
          trigger="click"
          title={t('translations.of', { text: draft?.['zh-CN'] ?? '' })}
          content={
            <Space direction="vertical" size={4} style={{ width: 260 }} data-testid={`${id}-translations-popover`}>
              {TRANSLATED_LOCALES.map((l) => input(l, true))}
            </Space>
          }
        >
          <Tooltip title={missing ? t('translations.missing') : t('translations.open')}>
            <Button size="small" aria-label={t('translations.open')} data-testid={`${id}-translations`} data-missing={missing ? 'true' : 'false'}>
              <Badge dot={missing} offset={[2, -2]}>
                <GlobalOutlined />
              </Badge>
            </Button>
          </Tooltip>
        </Popover>
      </Space.Compact>
    );
  }
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      {LOCALES.map((l) => input(l, true))}
      {zhMissing && <Typography.Text type="danger">{t('panel.required')}</Typography.Text>}
      {missing && (
        <Typography.Text type="warning" data-testid={`${id}-missing`}>
          {t('translations.missing')}
        </Typography.Text>
      )}
    </Space>
  );
}
