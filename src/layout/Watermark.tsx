// The watermark of spec §9 over business pages: name, mobile, date as yyyyMMdd
// (未知登陆用户 / 未设置手机号 when missing, spec §8).
import type { ReactNode } from 'react';
import { Watermark } from 'antd';
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

export function PageWatermark({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const content = watermarkLines(getSessionValue('empName') ?? getSessionValue('dealerName'), getSessionValue('empMobileTel'), {
    unknownUser: t('unknownUser'),
    noMobile: t('noMobile'),
  });
  return (
    <div data-testid="watermark" data-watermark={content.join(' ')}>
      {/* overflow clip, not antd's hidden: it still clips the marks, and sticky bars inside work */}
      <Watermark content={content} gap={[120, 120]} font={{ fontSize: 14, color: 'rgba(0,0,0,0.08)' }} style={{ overflow: 'clip' }}>
        {children}
      </Watermark>
    </div>
  );
}
