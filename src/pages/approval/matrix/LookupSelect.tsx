// A select that searches the server as the user types (debounced): the users of a matrix cell
// (processDirectory.users) and the dealers or departments of a key cell. Values are ids; their
// labels come from the page's name cache (`labelOf`), so a saved cell shows names at once.
// Options a caller marks disabled (a disabled user) are listed but cannot be picked.
import { useEffect, useRef, useState } from 'react';
import { Empty, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export const LOOKUP_DEBOUNCE_MS = 300;

export interface LookupOption {
  value: string;
  label: string;
  /** a second line: department and post, a code */
  hint?: string;
  disabled?: boolean;
}

export interface LookupSelectProps {
  value: string[];
  onChange: (ids: string[]) => void;
  search: (keyword: string) => Promise<LookupOption[]>;
  /** the label of a selected id (from the page's cache), undefined while unknown */
  labelOf: (id: string) => string | undefined;
  multiple?: boolean;
  placeholder?: string;
  ariaLabel: string;
  status?: 'error';
  testId?: string;
  disabled?: boolean;
}

export function LookupSelect({ value, onChange, search, labelOf, multiple, placeholder, ariaLabel, status, testId, disabled }: LookupSelectProps) {
  const { t } = useTranslation('approval');
  const [options, setOptions] = useState<LookupOption[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const ticket = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const load = async (kw: string) => {
    const mine = ++ticket.current;
    setLoading(true);
    setFailed(false);
    try {
      const rows = await search(kw);
      if (mine !== ticket.current) return;
      setOptions(rows);
      setLoaded(true);
    } catch {
      if (mine === ticket.current) setFailed(true);
    } finally {
      if (mine === ticket.current) setLoading(false);
    }
  };

  const onSearch = (text: string) => {
    setKeyword(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void load(text.trim()), LOOKUP_DEBOUNCE_MS);
  };

  const selected = value.map((id) => ({ value: id, label: labelOf(id) ?? id }));
  const all: LookupOption[] = [...selected.filter((s) => !options.some((o) => o.value === s.value)), ...options];

  const notFound =
    loading && !options.length ? (
      <div role="status" style={{ textAlign: 'center', padding: 8 }}>
        <Spin size="small" /> {t('directory.loading')}
      </div>
    ) : failed ? (
      <div role="alert">{t('directory.failed')}</div>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('directory.noMatch', { keyword }) : t('directory.typeToSearch')} />
    );

  return (
    <Select<string | string[]>
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? value : value[0]}
      onChange={(v) => onChange(v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])}
      options={all.map((o) => ({
        value: o.value,
        disabled: o.disabled,
        label: o.label,
        title: o.hint ? `${o.label} · ${o.hint}` : o.label,
      }))}
      optionRender={(o) => {
        const full = all.find((x) => x.value === o.value);
        return (
          <span>
            {full?.label ?? String(o.label)}
            {full?.hint ? <span style={{ color: 'rgba(0,0,0,0.55)', marginInlineStart: 8, fontSize: 12 }}>{full.hint}</span> : null}
          </span>
        );
      }}
      onOpenChange={(open) => {
        if (open && !loaded && !loading) void load(keyword.trim());
      }}
      showSearch={{ filterOption: false, onSearch, searchValue: keyword }}
      notFoundContent={notFound}
      loading={loading}
      allowClear={!disabled}
      disabled={disabled}
      placeholder={placeholder ?? t('directory.placeholder')}
      aria-label={ariaLabel}
      status={status}
      style={{ width: '100%', minWidth: 160 }}
      data-testid={testId}
    />
  );
}
