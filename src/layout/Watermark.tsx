// The watermark of spec §9 over business pages: name, mobile, date as yyyyMMdd
// (未知登陆用户 / 未设置手机号 when missing, spec §8).
//
// Drawn into one <canvas> that stays over the visible part of the page (sticky, a screen high, no
// room taken, clicks pass through), tiled from one small drawing of the text. Not antd's
// Watermark: that paints a page-sized background image, which the browser takes for the page's
// largest content (LCP measured the watermark, not the form) and redraws on every mutation of
// the page. A canvas is not content; it prints with the page.
import { useEffect, useRef, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS } from '../../schemas/constants';
import { getSessionValue } from '../session/session';

export function watermarkLines(
  name: string | null,
  mobile: string | null,
  fallback: { unknownUser: string; noMobile: string },
  now: Date = new Date(),
): [string, string, string] {
  return [name || fallback.unknownUser, mobile || fallback.noMobile, dayjs(now).format(DATE_FORMATS.watermark)];
}

/** the look of spec §9's watermark: 14 px, faint, turned 22° up, 120 px apart */
export const WATERMARK_STYLE = { fontPx: 14, lineHeightPx: 20, color: 'rgba(0,0,0,0.08)', rotateDeg: -22, gapPx: 120 } as const;

/** One tile of the watermark at the device's pixel ratio (null where there is no 2D canvas). */
function drawTile(lines: readonly string[], dpr: number): HTMLCanvasElement | null {
  const s = WATERMARK_STYLE;
  const tile = document.createElement('canvas');
  const ctx = tile.getContext('2d');
  if (!ctx) return null;
  const font = `${s.fontPx}px -apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif`;
  ctx.font = font;
  const textW = Math.max(...lines.map((l) => ctx.measureText(l).width));
  const textH = lines.length * s.lineHeightPx;
  const a = (Math.abs(s.rotateDeg) * Math.PI) / 180;
  const w = Math.ceil(textW * Math.cos(a) + textH * Math.sin(a)) + s.gapPx;
  const h = Math.ceil(textW * Math.sin(a) + textH * Math.cos(a)) + s.gapPx;
  tile.width = Math.ceil(w * dpr);
  tile.height = Math.ceil(h * dpr);
  ctx.scale(dpr, dpr);
  ctx.translate(w / 2, h / 2);
  ctx.rotate((s.rotateDeg * Math.PI) / 180);
  ctx.font = font;
  ctx.fillStyle = s.color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  lines.forEach((line, i) => ctx.fillText(line, 0, (i - (lines.length - 1) / 2) * s.lineHeightPx));
  return tile;
}

function paint(canvas: HTMLCanvasElement, lines: readonly string[]) {
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  if (!w || !h) return;
  const ctx = canvas.getContext('2d');
  const tile = ctx && drawTile(lines, dpr);
  if (!ctx || !tile) return;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  const pattern = ctx.createPattern(tile, 'repeat');
  if (!pattern) return;
  ctx.fillStyle = pattern;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
}

const canvasStyle = {
  position: 'sticky',
  top: 0,
  display: 'block',
  width: '100%',
  height: '100vh',
  marginBottom: '-100vh',
  pointerEvents: 'none',
  zIndex: 9,
} as const;

export function PageWatermark({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const content = watermarkLines(getSessionValue('empName') ?? getSessionValue('dealerName'), getSessionValue('empMobileTel'), {
    unknownUser: t('unknownUser'),
    noMobile: t('noMobile'),
  });
  const text = content.join(' ');
  const key = content.join('\n');
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const lines = key.split('\n');
    let frame = 0;
    const redraw = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => paint(canvas, lines));
    };
    redraw();
    // the page's width changes with the menu, the window and a phone's turn
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(redraw) : null;
    ro?.observe(canvas);
    return () => {
      cancelAnimationFrame(frame);
      ro?.disconnect();
    };
  }, [key]);

  return (
    // overflow clip: the canvas never reaches past the page, and sticky bars inside still stick
    <div data-testid="watermark" data-watermark={text} style={{ position: 'relative', overflow: 'clip' }}>
      <canvas ref={canvasRef} aria-hidden="true" data-testid="watermark-canvas" style={canvasStyle} />
      {children}
    </div>
  );
}
