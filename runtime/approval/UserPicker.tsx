// A user picker over the host's user search (processDirectory.users): type to search by login
// or name; disabled users show but cannot be picked. One user or several.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { Locale } from '../../schemas';
import type { DirectoryUser } from '../../schemas/api/processDirectory';
import { useApprovalT } from './i18n';
import type { ApprovalServices } from './services';

interface Common {
  services: Pick<ApprovalServices, 'searchUsers'>;
  locale: Locale;
  id?: string;
  /** ids that may not be picked (the caller, current approvers) */
  exclude?: readonly string[];
  status?: 'error';
  'aria-describedby'?: string;
  'data-testid'?: string;
}
export type UserPickerProps = Common &
  ({ multiple?: false; value: string | null; onChange: (id: string | null) => void } | { multiple: true; value: string[]; onChange: (ids: string[]) => void });

const DEBOUNCE_MS = 250;

export function userLabel(u: Pick<DirectoryUser, 'name' | 'username' | 'deptName' | 'postName'>): string {
  const extra = [u.deptName, u.postName].filter(Boolean).join(' · ');
  return extra ? `${u.name}（${u.username}，${extra}）` : `${u.name}（${u.username}）`;
}

export function UserPicker(props: UserPickerProps) {
  const { services, locale, id, exclude = [], status } = props;
  const t = useApprovalT(locale);
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<DirectoryUser[]>([]);
  const [known, setKnown] = useState<Record<string, DirectoryUser>>({});
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    const timer = setTimeout(() => {
      services
        .searchUsers({ keyword: keyword.trim() || undefined, limit: 20 })
        .then((found) => {
          if (mine !== seq.current) return;
          setRows(found);
          setKnown((k) => ({ ...k, ...Object.fromEntries(found.map((u) => [u.id, u])) }));
          setFailed(null);
        })
        .catch((e: unknown) => mine === seq.current && setFailed(e instanceof Error ? e.message : String(e)))
        .finally(() => mine === seq.current && setLoading(false));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, services]);

  const options = useMemo(() => {
    const picked = props.multiple ? props.value : props.value ? [props.value] : [];
    const list = [...rows];
    for (const pid of picked) if (!list.some((u) => u.id === pid) && known[pid]) list.unshift(known[pid]);
    return list.map((u) => ({
      value: u.id,
      label: userLabel(u),
      disabled: !u.active || exclude.includes(u.id),
    }));
  }, [rows, known, exclude, props.multiple, props.value]);

  const common = {
    id,
    showSearch: { filterOption: false as const, onSearch: setKeyword },
    options,
    status,
    style: { width: '100%' },
    placeholder: t('panel.userSearch'),
    notFoundContent: loading ? <Spin size="small" /> : failed ? t('panel.userSearchFailed', { msg: failed }) : t('panel.noUsers'),
    'aria-describedby': props['aria-describedby'],
    'data-testid': props['data-testid'],
    allowClear: true,
  };
  if (props.multiple) {
    const { value, onChange } = props;
    return <Select {...common} mode="multiple" value={value} onChange={(v: string[]) => onChange(v)} />;
  }
  const { value, onChange } = props;
  return <Select {...common} value={value ?? undefined} onChange={(v: string | undefined) => onChange(v ?? null)} />;
}
