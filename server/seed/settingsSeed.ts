// The settings pages' seed: publishes the definitions of schemas/catalog/settings.ts (the 13 TPM
// parameter settings and the expense set-up forms) and gives each TPM setting its one record with
// the defaults, so the settings pages open on a record and the expense module reads the same
// values it would fall back to. Idempotent: a published form or an existing setting is kept.
// Called from seed.ts after the catalog (first start, the same transaction).
import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import * as t from '../db/schema';
import { newId } from '../lib/ids';
import { nowText } from '../lib/time';
import { APPROVAL_STATUS, compileRecordSchema, DEFAULT_NUMBER_RULE, FORM_MODES, type FormDefinition } from '../../schemas';
import { SETTINGS_CATALOG, TPM_SETTINGS_FORMS, settingsDefaults } from '../../schemas/catalog/settings';
import { publishDefinitionTx } from '../modules/definitions/repository';
import { insertRecord, nextSequence } from '../modules/records/repository';

export async function seedSettings(tx: Tx): Promise<void> {
  const versions = new Map<string, number>();
  for (const def of SETTINGS_CATALOG) {
    const [published] = await tx.select({ v: t.formDefinitions.latestVersion }).from(t.formDefinitions).where(eq(t.formDefinitions.code, def.code));
    versions.set(def.code, published && published.v > 0 ? published.v : await publishDefinitionTx(tx, { ...structuredClone(def), version: 0 }, 'admin'));
  }
  const [admin] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.username, 'admin'));
  if (!admin) return;
  for (const def of TPM_SETTINGS_FORMS) await seedSetting(tx, def, versions.get(def.code)!, admin.id);
}

/** The setting's record of its defaults, a draft of the administrator's (drafts stay editable). */
async function seedSetting(tx: Tx, def: FormDefinition, version: number, adminId: string) {
  const [existing] = await tx
    .select({ id: t.records.id })
    .from(t.records)
    .where(and(eq(t.records.formCode, def.code), eq(t.records.isYouXiao, '1')))
    .limit(1);
  if (existing) return;
  const data = settingsDefaults(def);
  const v = compileRecordSchema(def, FORM_MODES.ADD).validate(data);
  if (!v.valid) throw new Error(`the defaults of setting ${def.code} are invalid: ${JSON.stringify(v.errors)}`);
  const rule = { ...DEFAULT_NUMBER_RULE, ...(def.numberRule ?? {}) };
  const now = new Date();
  const period = dayjs(now).format(rule.dateFormat);
  const seq = await nextSequence(tx, def.code, period);
  await insertRecord(tx, {
    id: newId(),
    formCode: def.code,
    number: `${rule.prefix}${period}${String(seq).padStart(rule.sequenceLength, '0')}`,
    title: def.name['zh-CN'],
    rowCreateId: adminId,
    rowCreateDate: nowText(now),
    rowModUser: adminId,
    rowModDate: nowText(now),
    shenPiZhuangTai: APPROVAL_STATUS.DRAFT.code,
    definitionVersion: version,
    data,
  });
}
