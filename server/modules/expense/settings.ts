// The TPM parameter settings the expense lifecycle reads (docs/expense.md "TPM parameter
// settings"). Each settings page is a definition with one record (a singleton); the value in
// force is the newest valid record's, read at the moment of the step (a save takes effect at
// once). Until a form or its record exists — or when a value is empty or malformed — the
// documented default applies: the reading is defensive, never an error.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/client';

/** The documented defaults, per settings form and key (strings, as a record stores them). */
export const TPM_DEFAULTS = {
  yuSuanSheZhi: { ruanKongRongChaBaiFenBi: '10', moRenKongZhiFangShi: 'hard' },
  feiYongShenQingSheZhi: { caiWuNianXiaoYan: '1' },
  feiYongJieAnSheZhi: { yunXuChaoShenQing: '0' },
  feiYongHeXiaoSheZhi: { heXiaoQiXianTian: '365', biXuFaPiao: '1' },
  feiYongZhiFuSheZhi: { yunXuBuFenZhiFu: '1' },
} as const;

type Defaults = typeof TPM_DEFAULTS;
export type SettingsForm = keyof Defaults;
export type SettingKey<F extends SettingsForm> = keyof Defaults[F] & string;

/** A stored value as text: strings trimmed, numbers and booleans as written, a picked option by its value/code/id. */
function textOf(v: unknown): string | null {
  if (v == null) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (Array.isArray(v)) return v.length ? textOf(v[0]) : null;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return textOf(o.value ?? o.code ?? o.id);
  }
  return null;
}

/** The data of the newest valid record of a settings form (null: none, or no such form yet). */
export async function settingsRecord(db: DbOrTx, formCode: string): Promise<Record<string, unknown> | null> {
  const [r] = await rows<{ data: unknown }>(
    db,
    sql`select data from records where form_code = ${formCode} and is_you_xiao = '1'
      order by coalesce(row_mod_date, row_create_date) desc, row_create_date desc, id desc limit 1`,
  );
  return r && r.data && typeof r.data === 'object' && !Array.isArray(r.data) ? (r.data as Record<string, unknown>) : null;
}

/** One setting as text: the newest valid record's value, else the documented default. */
export async function tpmSetting<F extends SettingsForm>(db: DbOrTx, formCode: F, key: SettingKey<F>): Promise<string>;
export async function tpmSetting(db: DbOrTx, formCode: string, key: string): Promise<string | null>;
export async function tpmSetting(db: DbOrTx, formCode: string, key: string): Promise<string | null> {
  const fallback = ((TPM_DEFAULTS as Record<string, Record<string, string> | undefined>)[formCode] ?? {})[key] ?? null;
  const data = await settingsRecord(db, formCode);
  return (data ? textOf(data[key]) : null) ?? fallback;
}

const YES = new Set(['1', 'true', 'shi', 'yes', 'y']);

/** A yes/no setting (1/0 radio): true for 1 (or true, shi); a malformed value reads as the default. */
export async function tpmFlag<F extends SettingsForm>(db: DbOrTx, formCode: F, key: SettingKey<F>): Promise<boolean> {
  const v = (await tpmSetting(db, formCode, key)).toLowerCase();
  if (YES.has(v)) return true;
  if (['0', 'false', 'fou', 'no', 'n'].includes(v)) return false;
  return YES.has(String((TPM_DEFAULTS[formCode] as Record<string, string>)[key]));
}

/** A numeric setting as a decimal string (a malformed or negative value reads as the default). */
export async function tpmNumber<F extends SettingsForm>(db: DbOrTx, formCode: F, key: SettingKey<F>): Promise<string> {
  const v = await tpmSetting(db, formCode, key);
  return /^\d{1,12}(\.\d{1,6})?$/.test(v) ? v : String((TPM_DEFAULTS[formCode] as Record<string, string>)[key]);
}
