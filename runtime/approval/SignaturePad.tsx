// A handwritten signature (signature_pad): draw with a mouse, pen or finger, then confirm; the
// confirmed signature is a PNG data URL. Clear and confirm are ordinary buttons (keyboard
// reachable); the canvas says what it is for screen readers.
import { useEffect, useRef, useState } from 'react';
import SignaturePadLib from 'signature_pad';
import { Button, Space, Typography } from 'antd';
import type { Locale } from '../../schemas';
import { useApprovalT } from './i18n';
import './approval.css';

export interface SignaturePadProps {
  locale: Locale;
  /** the confirmed signature (data URL), null when none */
  value: string | null;
  onChange: (value: string | null) => void;
  required?: boolean;
  error?: string;
  id?: string;
}

export function SignaturePad({ locale, value, onChange, required, error, id = 'fw-signature' }: SignaturePadProps) {
  const t = useApprovalT(locale);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || value) return;
    // jsdom and old browsers have no 2D context: the pad is then unavailable, never a crash
    if (!canvas.getContext?.('2d')) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const rect = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round((rect.width || 480) * ratio));
    canvas.height = Math.max(1, Math.round((rect.height || 160) * ratio));
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePadLib(canvas, { penColor: '#111827', backgroundColor: 'rgb(255,255,255)' });
    const onEnd = () => setDrawn(!pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);
    padRef.current = pad;
    return () => {
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [value]);

  const clear = () => {
    padRef.current?.clear();
    setDrawn(false);
    onChange(null);
  };
  const confirm = () => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) return;
    onChange(pad.toDataURL('image/png'));
  };

  return (
    <div className="fw-signature" data-testid="signature-pad">
      {value ? (
        <Space align="center" wrap>
          <img src={value} alt={t('signature.confirmed')} className="fw-signature-preview" data-testid="signature-preview" />
          <Button onClick={clear} data-testid="signature-redo">
            {t('signature.redo')}
          </Button>
        </Space>
      ) : (
        <>
          <canvas
            ref={canvasRef}
            id={id}
            className="fw-signature-canvas"
            tabIndex={0}
            role="img"
            aria-label={t('signature.canvas')}
            aria-required={required || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help`}
            data-testid="signature-canvas"
          />
          <Typography.Text type="secondary" id={`${id}-help`} style={{ fontSize: 12 }}>
            {t('signature.help')}
          </Typography.Text>
          <Space style={{ marginTop: 6, display: 'flex' }}>
            <Button onClick={clear} disabled={!drawn} data-testid="signature-clear">
              {t('signature.clear')}
            </Button>
            <Button type="primary" ghost onClick={confirm} disabled={!drawn} data-testid="signature-confirm">
              {t('signature.confirm')}
            </Button>
          </Space>
        </>
      )}
      {error ? (
        <div role="alert" className="fw-approval-error" data-testid="signature-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
