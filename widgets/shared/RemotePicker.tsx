// The master-data picker every picker type uses (components 87, 11, 14, … and fields 51, 52, …):
// an antd Select that searches as the user types (debounced), pages with "load more" (and on
// scrolling to the end), shows loading and a clear empty state, and is fully keyboard-operable.
// Its value is the PickerValue {id, name} of the picked row (an array when `multiple`).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Empty, Select, Spin } from 'antd';
import { singleMatch, type Locale, type PickerValue } from '../../schemas';
import type { PickerQuery, WidgetServices } from '../types';
import { useWidgetT } from '../i18n';
import { SHEET_CLASSNAMES } from '../form/phoneLayout';

export const PICKER_PAGE_SIZE = 20;
export const PICKER_DEBOUNCE_MS = 300;

export interface RemotePickerProps {
  id: string;
  endpoint: string;
  params?: Record<string, string>;
  multiple?: boolean;
  value: PickerValue | PickerValue[] | undefined;
  onChange: (value: PickerValue | PickerValue[] | undefined) => void;
  onBlur?: () => void;
  services: WidgetServices;
  locale: Locale;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  ariaProps?: Record<string, string | boolean | undefined>;
  /** called with the picked row(s), e.g. to show facts about it */
  debounceMs?: number;
  /**
   * the picker waits for fields its params read (a dependent picker): disabled, with this
   * text ("请先选择品牌") in place of the placeholder
   */
  waiting?: string;
  /** an empty picker takes the only row its (complete) params answer */
  autoPickSingle?: boolean;
}

interface Option {
  value: string;
  label: string;
}

const toList = (v: PickerValue | PickerValue[] | undefined): PickerValue[] => (v ? (Array.isArray(v) ? v : [v]) : []);

export function RemotePicker(props: RemotePickerProps) {
  const { id, endpoint, params, multiple, value, onChange, onBlur, services, locale, readOnly, ariaProps, waiting, autoPickSingle } = props;
  const disabled = props.disabled || waiting !== undefined;
  const placeholder = waiting ?? props.placeholder;
  const t = useWidgetT(locale);
  const debounceMs = props.debounceMs ?? PICKER_DEBOUNCE_MS;
  const [rows, setRows] = useState<PickerValue[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const request = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const paramsKey = JSON.stringify(params ?? {});

  const load = useCallback(
    async (kw: string, pageNo: number) => {
      if (!services.search) return;
      const ticket = ++request.current;
      setLoading(true);
      setFailed(false);
      try {
        const query: PickerQuery = { endpoint, keyword: kw, page: pageNo, pageSize: PICKER_PAGE_SIZE, ...(params ? { params } : {}) };
        const result = await services.search(query);
        if (ticket !== request.current) return;
        setRows((prev) => (pageNo === 1 ? result.rows : [...prev, ...result.rows.filter((r) => !prev.some((p) => p.id === r.id))]));
        setTotal(result.totalRecord);
        setPage(pageNo);
      } catch {
        if (ticket === request.current) setFailed(true);
      } finally {
        if (ticket === request.current) setLoading(false);
      }
    },
    // params is compared by its JSON
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [services.search, endpoint, paramsKey],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  // other params (a dependent picker's brand changed): what was loaded is another query's
  const loadedFor = useRef(paramsKey);
  useEffect(() => {
    if (loadedFor.current === paramsKey) return;
    loadedFor.current = paramsKey;
    request.current++;
    setRows([]);
    setTotal(0);
    setPage(0);
    setLoading(false);
    if (open) void load(keyword.trim(), 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paramsKey]);

  // autoPickSingle: once per set of params, an empty picker takes the only row
  const empty = toList(value).length === 0;
  const autoPickedFor = useRef<string | undefined>(undefined);
  const search = services.search;
  useEffect(() => {
    if (!autoPickSingle || !empty || waiting !== undefined || readOnly || props.disabled || !search) return;
    if (autoPickedFor.current === paramsKey) return;
    autoPickedFor.current = paramsKey;
    let live = true;
    let done = false;
    search({ endpoint, keyword: '', page: 1, pageSize: 2, ...(params ? { params } : {}) })
      .then((r) => {
        done = true;
        const one = live ? singleMatch(r.rows, r.totalRecord) : undefined;
        if (one) onChange(multiple ? [{ id: one.id, name: one.name }] : { id: one.id, name: one.name });
      })
      .catch(() => {
        done = true;
      });
    return () => {
      live = false;
      // a run cut short (the params changed meanwhile, or React ran the effect twice) may try again
      if (!done && autoPickedFor.current === paramsKey) autoPickedFor.current = undefined;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoPickSingle, empty, waiting, readOnly, props.disabled, search, endpoint, paramsKey]);

  const onSearch = (text: string) => {
    setKeyword(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void load(text.trim(), 1), debounceMs);
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && page === 0 && !loading) void load(keyword.trim(), 1);
  };

  const hasMore = rows.length < total;
  const loadMore = () => {
    if (!loading && hasMore) void load(keyword.trim(), page + 1);
  };

  const selected = toList(value);
  const options: Option[] = [
    ...selected.filter((s) => !rows.some((r) => r.id === s.id)).map((s) => ({ value: s.id, label: s.name })),
    ...rows.map((r) => ({ value: r.id, label: r.name })),
  ];

  const handleChange = (next: Option | Option[] | undefined) => {
    const byId = (opt: Option): PickerValue => {
      const row = rows.find((r) => r.id === opt.value) ?? selected.find((s) => s.id === opt.value);
      return { id: opt.value, name: row?.name ?? String(opt.label) };
    };
    if (next === undefined || next === null) onChange(undefined);
    else if (Array.isArray(next)) onChange(next.length ? next.map(byId) : undefined);
    else onChange(byId(next));
  };

  const notFound = !services.search ? (
    <div role="status">{t('picker.unavailable')}</div>
  ) : loading && rows.length === 0 ? (
    <div role="status" style={{ textAlign: 'center', padding: 8 }}>
      <Spin size="small" /> {t('picker.loading')}
    </div>
  ) : failed ? (
    <div role="alert">{t('picker.failed')}</div>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('picker.noMatch', { keyword }) : t('picker.empty')} />
  );

  const selectValue = multiple
    ? selected.map((s) => ({ value: s.id, label: s.name }))
    : selected[0]
      ? { value: selected[0].id, label: selected[0].name }
      : undefined;

  return (
    <Select<Option | Option[] | undefined, Option>
      id={id}
      labelInValue
      mode={multiple ? 'multiple' : undefined}
      value={selectValue}
      options={options}
      onChange={(v) => handleChange(v as Option | Option[] | undefined)}
      onBlur={onBlur}
      disabled={disabled}
      open={readOnly ? false : open}
      onOpenChange={readOnly ? undefined : onOpenChange}
      allowClear={!readOnly && !disabled}
      placeholder={placeholder ?? t('picker.placeholder')}
      showSearch={readOnly ? false : { filterOption: false, onSearch, searchValue: keyword }}
      notFoundContent={notFound}
      loading={loading}
      style={{ width: '100%' }}
      classNames={SHEET_CLASSNAMES}
      data-testid={`picker-${id}`}
      onPopupScroll={(e) => {
        const el = e.currentTarget as HTMLElement;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 8) loadMore();
      }}
      popupRender={(menu) => (
        <>
          {menu}
          {rows.length > 0 ? (
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '4px 8px', borderTop: '1px solid #f0f0f0' }}>
              <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>{t('picker.count', { shown: rows.length, total })}</span>
              {hasMore ? (
                <Button size="small" type="link" loading={loading} onMouseDown={(e) => e.preventDefault()} onClick={loadMore}>
                  {t('picker.loadMore')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      )}
      {...ariaProps}
    />
  );
}
