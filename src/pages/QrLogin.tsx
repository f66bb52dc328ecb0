// WeChat QR sign-in (docs/api.md): get a ticket, show its QR image, poll the callback until a
// signed-in phone confirms, then sign in with the session the callback answers.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { services, type QrTicket, type SessionAnswer } from '../api/services';

export const QR_POLL_MS = 2000;

type State = { phase: 'loading' } | { phase: 'shown'; ticket: QrTicket } | { phase: 'expired' } | { phase: 'confirmed' } | { phase: 'failed'; msg: string };

export function QrLogin({ onSession }: { onSession: (s: SessionAnswer) => Promise<void> }) {
  const { t } = useTranslation('app');
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [round, setRound] = useState(0);
  const onSessionRef = useRef(onSession);
  onSessionRef.current = onSession;

  const refresh = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (ticket: QrTicket) => {
      if (stopped) return;
      try {
        const r = await services.qrPoll(ticket.ticket);
        if (stopped) return;
        if (r.status === 'confirmed' && r.session) {
          setState({ phase: 'confirmed' });
          await onSessionRef.current(r.session);
          return;
        }
        if (r.status === 'expired') {
          setState({ phase: 'expired' });
          return;
        }
      } catch {
        /* a failed poll is retried on the next tick */
      }
      timer = setTimeout(() => void poll(ticket), QR_POLL_MS);
    };
    setState({ phase: 'loading' });
    services
      .qrTicket()
      .then((ticket) => {
        if (stopped) return;
        setState({ phase: 'shown', ticket });
        timer = setTimeout(() => void poll(ticket), QR_POLL_MS);
      })
      .catch((e: unknown) => {
        if (!stopped) setState({ phase: 'failed', msg: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [round]);

  return (
    <div className="qr-box" data-testid="qr-login">
      {state.phase === 'loading' && <Spin />}
      {state.phase === 'shown' && (
        <>
          <img src={state.ticket.qrDataUrl} alt={t('login.qrAlt')} data-testid="qr-image" data-ticket={state.ticket.ticket} />
          <Typography.Text type="secondary">{t('login.qrHint')}</Typography.Text>
        </>
      )}
      {state.phase === 'confirmed' && <Typography.Text type="success">{t('login.qrConfirmed')}</Typography.Text>}
      {(state.phase === 'expired' || state.phase === 'failed') && (
        <>
          <Typography.Text type="danger" data-testid="qr-status">
            {state.phase === 'expired' ? t('login.qrExpired') : `${t('login.qrFailed')}：${state.msg}`}
          </Typography.Text>
          <Button onClick={refresh}>{t('login.qrRefresh')}</Button>
        </>
      )}
    </div>
  );
}
