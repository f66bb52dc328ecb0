// What every part of the drawer reads: the API, the texts, the bound form's fields and the
// organisation's options (each loaded once per API and form, with loading and error states),
// and the user picker (search by login or name; the names of ids already chosen are fetched).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin, Tag } from 'antd';
import type { Locale } from '../../../schemas/constants';
import type { DirectoryOptions, DirectoryUser, FormFieldInfo, ProcessDrawerApi } from './api';
import { textOf, type ProcessT } from './i18n';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export interface DrawerContextValue {
  api: ProcessDrawerApi;
  t: ProcessT;
  locale: Locale;
  formCode: string | null;
  /** the bound form's fields; ready with [] when no form is bound */
  fields: Loaded<FormFieldInfo[]>;
  options: Loaded<DirectoryOptions>;
  reload: () => void;
}

export const DrawerContext = createContext<DrawerContextValue | null>(null);

export function useDrawer(): DrawerContextValue {
  const v = useContext(DrawerContext);
  if (!v) throw new Error('DrawerContext missing');
  return v;
}

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Loads `load()` whenever `key` changes (null: nothing to load, answers `empty`). */
export function useLoaded<T>(key: string | null, load: () => Promise<T>, empty: T, attempt: number): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; attempt: number; value: Loaded<T> }>({ key: null, attempt: -1, value: { status: 'loading' } });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    loadRef
      .current()
      .then((data) => live && setState({ key, attempt, value: { status: 'ready', data } }))
      .catch((e: unknown) => live && setState({ key, attempt, value: { status: 'error', message: errorMessage(e) } }));
    return () => {
      live = false;
    };
  }, [key, attempt]);
  if (key === null) return { status: 'ready', data: empty };
  return state.key === key && state.attempt === attempt ? state.value : { status: 'loading' };
}

const NO_FIELDS: FormFieldInfo[] = [];
const NO_OPTIONS: DirectoryOptions = { roles: [], posts: [], departments: [], groups: [], matrices: [] };

export function useDrawerData(api: ProcessDrawerApi, formCode: string | null, open: boolean) {
  const [attempt, setAttempt] = useState(0);
  const fields = useLoaded(open && formCode ? `${formCode}` : null, () => api.formFields(formCode!), NO_FIELDS, attempt);
  const options = useLoaded(open ? 'options' : null, () => api.directoryOptions(), NO_OPTIONS, attempt);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  return { fields, options, reload };
}

/** A field's label with its sub-form ("明细 / 金额"). */
export function fieldLabel(f: FormFieldInfo, all: readonly FormFieldInfo[], locale: Locale): string {
  const parent = f.parent ? all.find((p) => p.path === f.parent) : undefined;
  return `${parent ? `${textOf(parent.label, locale)} / ` : ''}${textOf(f.label, locale)}`;
}

export const fieldOptions = (list: readonly FormFieldInfo[], all: readonly FormFieldInfo[], locale: Locale) =>
  list.map((f) => ({ value: f.path, label: `${fieldLabel(f, all, locale)} (${f.path})` }));

const userLabel = (u: DirectoryUser) => `${u.name} (${u.username})${u.deptName ? ` · ${u.deptName}` : ''}`;

/**
 * Users by login or name. `value` holds ids; their names are fetched (an id the directory does
 * not know shows as itself, marked). Inactive users are shown but cannot be picked.
 */
export function UserPicker({
  value,
  onChange,
  multiple = true,
  label,
  testId,
  placeholder,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  multiple?: boolean;
  label: string;
  testId: string;
  placeholder?: string;
}) {
  const { api, t } = useDrawer();
  const [known, setKnown] = useState<Map<string, DirectoryUser>>(new Map());
  const [found, setFound] = useState<DirectoryUser[]>([]);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const missing = value.filter((id) => !known.has(id));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey) return;
    let live = true;
    api
      .usersByIds(missingKey.split(','))
      .then((rows) => live && setKnown((m) => new Map([...m, ...rows.map((r) => [r.id, r] as const)])))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [api, missingKey]);

  const search = useCallback(
    (keyword: string) => {
      if (timer.current) clearTimeout(timer.current);
      const my = ++seq.current;
      setSearching(true);
      timer.current = setTimeout(() => {
        api
          .searchUsers(keyword)
          .then((rows) => {
            if (my !== seq.current) return;
            setFound(rows);
            setKnown((m) => new Map([...m, ...rows.map((r) => [r.id, r] as const)]));
            setError(null);
          })
          .catch((e: unknown) => my === seq.current && setError(errorMessage(e)))
          .finally(() => my === seq.current && setSearching(false));
      }, 250);
    },
    [api],
  );
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const options = useMemo(() => {
    const ids = new Set<string>();
    const out: { value: string; label: string; disabled?: boolean }[] = [];
    for (const id of value) {
      ids.add(id);
      const u = known.get(id);
      out.push({ value: id, label: u ? userLabel(u) : missing.includes(id) ? id : t('strategy.unknownUser', { id }) });
    }
    for (const u of found)
      if (!ids.has(u.id)) out.push({ value: u.id, label: `${userLabel(u)}${u.active ? '' : ` · ${t('strategy.inactive')}`}`, disabled: !u.active });
    return out;
  }, [value, known, found, missing, t]);

  return (
    <div data-testid={testId}>
      <Select
        mode={multiple ? 'multiple' : undefined}
        allowClear
        showSearch={{ filterOption: false, onSearch: search }}
        style={{ width: '100%' }}
        aria-label={label}
        placeholder={placeholder ?? t('strategy.searchUsers')}
        value={multiple ? value : (value[0] ?? undefined)}
        onChange={(v: string | string[] | undefined) => onChange(v === undefined ? [] : Array.isArray(v) ? v : [v])}
        onFocus={() => found.length === 0 && search('')}
        notFoundContent={searching ? <Spin size="small" /> : t('strategy.noUsers')}
        options={options}
        tagRender={
          multiple
            ? (p) => (
                <Tag closable={p.closable} onClose={p.onClose} style={{ marginInlineEnd: 4 }}>
                  {p.label}
                </Tag>
              )
            : undefined
        }
      />
      {error && (
        <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
          {error}
        </div>
      )}
    </div>
  );
}
