// Times and durations of the approval screens, in the user's time zone and language.
import type { ApprovalT } from './i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-25 14:05" in local time ('' for an unreadable value). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A waiting time in words: "2 天 3 小时", "45 分钟", "不到 1 分钟". */
export function durationText(ms: number, t: ApprovalT): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return t('history.duration.lessThanMinute');
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? t('history.duration.daysHours', { days, hours }) : t('history.duration.days', { days });
  if (hours > 0) return mins > 0 ? t('history.duration.hoursMinutes', { hours, minutes: mins }) : t('history.duration.hours', { hours });
  return t('history.duration.minutes', { minutes: mins });
}
