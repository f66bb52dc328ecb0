// A user picker that searches the directory as the user types (login or name): the applicant
// and assignee filters of the task center, the summary approval and the monitoring pages.
import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DirectoryUser } from '../../../../schemas/api/processDirectory';

export interface UserSearchSelectProps {
  search: (keyword: string) => Promise<DirectoryUser[]>;
  /** names the users of ids (a value that came with the page's URL) */
  byIds?: (ids: string[]) => Promise<DirectoryUser[]>;
  value: string;
  onChange: (id: string) => void;
  placeholder: string;
  'data-testid'?: string;
  'aria-label'?: string;
}

const DEBOUNCE_MS = 250;

export function UserSearchSelect({ search, byIds, value, onChange, placeholder, ...rest }: UserSearchSelectProps) {
  const { t } = useTranslation('approval');
  const [options, setOptions] = useState<DirectoryUser[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);

  const run = (keyword: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const ticket = ++latest.current;
      setLoading(true);
      try {
        const found = await search(keyword);
        if (ticket === latest.current) setOptions(found);
      } catch {
        if (ticket === latest.current) setOptions([]);
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    }, DEBOUNCE_MS);
  };

  // a value not among the options (from the URL): fetch its name once
  useEffect(() => {
    if (!value || !byIds || options.some((o) => o.id === value)) return;
    let live = true;
    byIds([value])
      .then((found) => {
        if (live && found.length) setOptions((o) => [...found, ...o.filter((x) => !found.some((f) => f.id === x.id))]);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value, byIds, options]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: run }}
      allowClear
      style={{ minWidth: 180 }}
      value={value || undefined}
      placeholder={placeholder}
      aria-label={rest['aria-label'] ?? placeholder}
      data-testid={rest['data-testid']}
      onFocus={() => {
        if (!options.length) run('');
      }}
      onChange={(v?: string) => onChange(v ?? '')}
      notFoundContent={loading ? <Spin size="small" /> : t('tasks.noUsers')}
      options={options.map((u) => ({ value: u.id, label: u.deptName ? `${u.name}（${u.deptName}）` : u.name, disabled: !u.active }))}
    />
  );
}
