// Username + password form shared by the employee and the dealer login, in plain HTML (no antd on
// the first page, issue 16): required-field messages under each field, the server's answer (wrong
// password, lockout) in an alert, the submit button busy while the request runs, Enter submits.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { ErrorIcon, EyeIcon, EyeOffIcon, LockIcon, UserIcon } from './login/icons';
import { usePrerendering } from './login/prerendering';

export interface Credentials {
  username: string;
  password: string;
}

type Field = keyof Credentials;

export function LoginForm({ onSubmit, testId }: { onSubmit: (c: Credentials) => Promise<void>; testId: string }) {
  const { t } = useTranslation('app');
  const id = useId();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // the build-time HTML (src/pages/login/prerender.tsx): nothing to type into or submit before the script runs
  const prerendering = usePrerendering();

  const missing = (v: Credentials) => ({ username: !v.username.trim(), password: !v.password });
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // a field's message follows its value once it was shown
    if (invalid[field] !== undefined) setInvalid((m) => ({ ...m, [field]: field === 'username' ? !value.trim() : !value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const m = missing(values);
    setInvalid(m);
    if (m.username || m.password) {
      inputs.current[m.username ? 'username' : 'password']?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ username: values.username, password: values.password });
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) setError(err instanceof Error && err.message ? err.message : t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, required: string, input: React.ReactNode, after?: React.ReactNode) => (
    <div className={`login-field${invalid[name] ? ' has-error' : ''}`}>
      <label className="login-label login-required" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <div className={`login-input${invalid[name] ? ' has-error' : ''}`}>
        {input}
        {after}
      </div>
      {invalid[name] && (
        <div id={`${id}-${name}-error`} className="login-field-error" role="alert">
          {required}
        </div>
      )}
    </div>
  );
  const common = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    required: true,
    'aria-required': true,
    'aria-invalid': invalid[name] ? true : undefined,
    'aria-describedby': invalid[name] ? `${id}-${name}-error` : undefined,
    value: values[name],
    readOnly: prerendering || undefined,
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
  });

  return (
    <form className="login-form" data-testid={testId} noValidate onSubmit={(e) => void submit(e)}>
      {field(
        'username',
        t('login.username'),
        t('login.usernameRequired'),
        <>
          <UserIcon />
          <input {...common('username')} type="text" autoComplete="username" data-testid="login-username" maxLength={64} />
        </>,
      )}
      {field(
        'password',
        t('login.password'),
        t('login.passwordRequired'),
        <>
          <LockIcon />
          <input {...common('password')} type={shown ? 'text' : 'password'} autoComplete="current-password" data-testid="login-password" maxLength={128} />
        </>,
        // the show/hide switch: a button of at least 24 × 24 px (WCAG 2.5.8), 44 px on a phone
        <button
          type="button"
          className="login-toggle"
          data-testid="login-password-toggle"
          aria-label={t(shown ? 'login.hidePassword' : 'login.showPassword')}
          aria-pressed={shown}
          disabled={prerendering || undefined}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeIcon /> : <EyeOffIcon />}
        </button>,
      )}
      {error && (
        <div className="login-alert" role="alert" data-testid="login-error">
          <ErrorIcon />
          <span>{error}</span>
        </div>
      )}
      <button type="submit" className="login-submit" data-testid="login-submit" aria-busy={busy} disabled={prerendering || undefined}>
        {busy && <span className="login-spinner" aria-hidden="true" />}
        {t('login.submit')}
      </button>
    </form>
  );
}
