// The session values of spec §3, kept in sessionStorage (one tab = one session), and the
// login flags kept in localStorage so that a lost session still knows which login page to
// show (spec §8: "go to the dealer login if the dealer flag is 1").

/** Session values of spec §3. */
export const SESSION_KEYS = [
  'token',
  'mytoken',
  'empSessionId',
  'empId',
  'empName',
  'empMobileTel',
  'empBuMenName',
  'username',
  'dealerId',
  'userId',
  'jiaoJieRenIds',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/** Further values the login answers carry (docs/api.md) and the app keeps beside them. */
export const EXTRA_SESSION_KEYS = ['dealerName', 'isAdmin', 'duoYuYanType'] as const;
export type ExtraSessionKey = (typeof EXTRA_SESSION_KEYS)[number];

export type SessionValues = Partial<Record<SessionKey | ExtraSessionKey, string>>;

/** Login flags (localStorage): signed in at all, and whether the last login was a dealer's. */
export const LOGIN_FLAGS = { loggedIn: 'isLogin', dealer: 'isDealer' } as const;

const ALL_KEYS: readonly string[] = [...SESSION_KEYS, ...EXTRA_SESSION_KEYS];

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
function flags(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getSessionValue(key: SessionKey | ExtraSessionKey): string | null {
  const v = store()?.getItem(key);
  return v === undefined || v === null || v === '' ? null : v;
}

export function getSession(): SessionValues {
  const out: SessionValues = {};
  for (const k of ALL_KEYS) {
    const v = getSessionValue(k as SessionKey);
    if (v !== null) out[k as SessionKey] = v;
  }
  return out;
}

function stringify(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v);
}

/**
 * Store the values a login (or `login/init`) answered. Only known keys are kept; a value
 * missing from the answer is removed, so an employee session never keeps a dealerId.
 * `empSessionId` already taken from the address is kept when the answer has none.
 */
export function saveSession(values: Record<string, unknown>): SessionValues {
  const s = store();
  if (!s) return {};
  for (const k of ALL_KEYS) {
    const v = stringify(values[k]);
    if (v !== null && v !== '') s.setItem(k, v);
    else if (k !== 'empSessionId') s.removeItem(k);
  }
  const f = flags();
  f?.setItem(LOGIN_FLAGS.loggedIn, '1');
  f?.setItem(LOGIN_FLAGS.dealer, getSessionValue('dealerId') ? '1' : '0');
  return getSession();
}

/** Remove every session value (spec §3) of this tab. */
export function clearSession(): void {
  const s = store();
  if (!s) return;
  for (const k of ALL_KEYS) s.removeItem(k);
}

/** The dealer flag: '1' when the last login was a dealer's. */
export function dealerFlag(): string | null {
  return flags()?.getItem(LOGIN_FLAGS.dealer) ?? null;
}

export function clearLoginFlags(): void {
  const f = flags();
  f?.removeItem(LOGIN_FLAGS.loggedIn);
  f?.removeItem(LOGIN_FLAGS.dealer);
}

export function hasToken(): boolean {
  return getSessionValue('mytoken') !== null;
}

/** Spec §6: the two user kinds are told apart by a dealer id in session. */
export function isDealerSession(): boolean {
  return getSessionValue('dealerId') !== null;
}

/** Spec §6: the user named admin counts as administrator. */
export function isAdministrator(): boolean {
  return getSessionValue('username') === 'admin' || getSessionValue('isAdmin') === '1' || getSessionValue('isAdmin') === 'true';
}

/** Spec §6: a record is the user's own when its creator is the login id or a handover person. */
export function isOwnRecord(rowCreateId: string | null | undefined): boolean {
  if (!rowCreateId) return false;
  const me = getSessionValue('userId') ?? getSessionValue('empId');
  if (me !== null && rowCreateId === me) return true;
  const handover = (getSessionValue('jiaoJieRenIds') ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return handover.includes(rowCreateId);
}

/** Spec §7: an `empSessionId` in the page address's query string is stored in session. */
export function captureEmpSessionId(search: string): string | null {
  const id = new URLSearchParams(search).get('empSessionId');
  if (id) store()?.setItem('empSessionId', id);
  return id;
}
