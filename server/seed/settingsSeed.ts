// The settings pages' seed: publishes the definitions of schemas/catalog/settings.ts (the 13 TPM
// parameter settings and the expense set-up forms) and gives each TPM setting its one record with
// the defaults, so the settings pages open on a record and the expense module reads the same
// values it would fall back to; with `demo` (SEED_DEMO) the set-up lists get demo rows too.
// Idempotent: a published form, an existing setting or a list with rows is kept. Called from
// seed.ts after the catalog and the demo data (first start, the same transaction).
import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import * as t from '../db/schema';
import { newId } from '../lib/ids';
import { nowText } from '../lib/time';
import { APPROVAL_STATUS, compileRecordSchema, DEFAULT_NUMBER_RULE, FORM_MODES, type FormDefinition } from '../../schemas';
import { EXPENSE_SETUP_FORMS, SETTINGS_CATALOG, TPM_SETTINGS_FORMS, settingsDefaults } from '../../schemas/catalog/settings';
import { publishDefinitionTx } from '../modules/definitions/repository';
import { insertRecord, nextSequence, writeUniqueValues } from '../modules/records/repository';
import { uniqueValues } from '../modules/records/prepare';

export async function seedSettings(tx: Tx, opts: { demo?: boolean } = {}): Promise<void> {
  const versions = new Map<string, number>();
  for (const def of SETTINGS_CATALOG) {
    const [published] = await tx.select({ v: t.formDefinitions.latestVersion }).from(t.formDefinitions).where(eq(t.formDefinitions.code, def.code));
    versions.set(def.code, published && published.v > 0 ? published.v : await publishDefinitionTx(tx, { ...structuredClone(def), version: 0 }, 'admin'));
  }
  const [admin] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.username, 'admin'));
  if (!admin) return;
  for (const def of TPM_SETTINGS_FORMS) await seedSetting(tx, def, versions.get(def.code)!, admin.id);
  if (opts.demo) await seedSetupDemo(tx, versions);
}

type Pick = { id: string; name: string };

/**
 * Demo rows of the expense set-up lists (SEED_DEMO): expense types on the seeded subjects, the
 * seeded special projects with their manager, inspection reports at seeded outlets, a handover
 * and per-case usage. A form that has records already is left alone.
 */
async function seedSetupDemo(tx: Tx, versions: Map<string, number>) {
  const md = async (kind: string, code: string): Promise<Pick | null> => {
    const [r] = await tx
      .select({ id: t.masterData.id, name: t.masterData.name })
      .from(t.masterData)
      .where(and(eq(t.masterData.kind, kind), eq(t.masterData.code, code)));
    return r ?? null;
  };
  const dealer = async (code: string): Promise<Pick | null> => {
    const [r] = await tx.select({ id: t.dealers.id, name: t.dealers.name }).from(t.dealers).where(eq(t.dealers.code, code));
    return r ?? null;
  };
  const person = async (username: string) => {
    const [u] = await tx.select({ id: t.users.id, employeeId: t.users.employeeId }).from(t.users).where(eq(t.users.username, username));
    if (!u?.employeeId) return null;
    const [e] = await tx
      .select({ id: t.employees.id, name: t.employees.name, departmentId: t.employees.departmentId })
      .from(t.employees)
      .where(eq(t.employees.id, u.employeeId));
    return e ? { userId: u.id, departmentId: e.departmentId, pick: { id: e.id, name: e.name } } : null;
  };
  const [admin] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.username, 'admin'));
  const zw = await person('zhangwei');
  const lina = await person('lina');
  if (!admin || !zw || !lina) return;

  const rows: Record<string, { by: { userId: string; departmentId: string | null }; data: Record<string, unknown> }[]> = {};
  const asAdmin = { userId: admin.id, departmentId: null };
  // expense types
  const types: [string, string, string, string, string, string][] = [
    ['CL-DJ', '端架陈列', '660101', 'hard', '1', '1'],
    ['CL-DT', '堆头陈列', '660102', 'soft', '1', '1'],
    ['JC-TM', '进场条码', '660103', 'hard', '0', '1'],
    ['CX-CXY', '促销员驻店', '660201', 'soft', '1', '0'],
    ['CX-PJ', '试吃品鉴', '660204', 'soft', '1', '1'],
    ['QD-FL', '经销商返利', '660301', 'none', '0', '1'],
  ];
  rows.feiYongSheZhi = [];
  for (const [code, name, subject, control, inspect, invoice] of types) {
    const s = await md('expenseSubject', subject);
    if (!s) continue;
    rows.feiYongSheZhi.push({
      by: asAdmin,
      data: {
        feiYongLeiXingBianMa: code,
        feiYongLeiXingMingCheng: name,
        feiYongKeMu: s,
        kongZhiLeiXing: control,
        xuJianHe: inspect,
        xuFaPiao: invoice,
        qiYong: '1',
      },
    });
  }
  // special projects (the seeded special activities) and their use
  const fy = await md('fiscalYear', 'FY2026');
  const za = await md('specialActivity', 'ZX2026001');
  const zb = await md('specialActivity', 'ZX2026002');
  const d1 = await dealer('JXS0001');
  const d2 = await dealer('JXS0002');
  const o1 = await md('outlet', 'WD000101');
  const o2 = await md('outlet', 'WD000102');
  if (fy && za && zb) {
    rows.zhuanXiangHuoDong = [
      {
        by: zw,
        data: {
          huoDongBianMa: 'ZX2026001',
          huoDongMingCheng: za.name,
          zhuanXiangJingLi: zw.pick,
          caiWuNian: fy,
          huoDongQiJian: ['2026-01-10', '2026-02-28'],
          yuSuanJinE: '300000.00',
          zhuangTai: 'yiJieShu',
          huoDongShuoMing: '春节档期华东KA门店堆头陈列，统一物料与价格牌。',
        },
      },
      {
        by: zw,
        data: {
          huoDongBianMa: 'ZX2026002',
          huoDongMingCheng: zb.name,
          zhuanXiangJingLi: zw.pick,
          caiWuNian: fy,
          huoDongQiJian: ['2026-06-01', '2026-08-31'],
          yuSuanJinE: '180000.00',
          zhuangTai: 'jinXingZhong',
          huoDongShuoMing: '夏季果汁新品在卖场的试吃品鉴，每店每周两场。',
        },
      },
    ];
    rows.zhuanXiangJingLiZhuanJiao = [
      {
        by: lina,
        data: {
          zhuanXiangHuoDong: zb,
          zhuanJiaoRiQi: '2026-07-15',
          yuanJingLi: lina.pick,
          xinJingLi: zw.pick,
          zhuanJiaoZaiTuDanJu: '1',
          zhuanJiaoYuanYin: '专项执行转由华东大区销售负责跟进。',
        },
      },
    ];
    if (d1 && d2) {
      rows.geAnShiYongQingKuang = [
        {
          by: zw,
          data: {
            zhuanXiangHuoDong: za,
            shenQingDanHao: 'ZXFY202601120001',
            jingXiaoShang: d1,
            ...(o1 ? { wangDian: o1 } : {}),
            shiYongRiQi: '2026-02-20',
            shenQingJinE: '45000.00',
            shiYongJinE: '43860.00',
            jieYuJinE: '1140.00',
          },
        },
        {
          by: zw,
          data: {
            zhuanXiangHuoDong: zb,
            shenQingDanHao: 'ZXFY202606050002',
            jingXiaoShang: d2,
            shiYongRiQi: '2026-06-28',
            shenQingJinE: '12000.00',
            shiYongJinE: '6500.00',
            jieYuJinE: '5500.00',
          },
        },
      ];
    }
  }
  // inspection reports
  if (d1 && o1 && o2) {
    rows.jianHeHuiBao = [
      {
        by: zw,
        data: {
          jianHeRen: zw.pick,
          jianHeRiQi: '2026-02-12',
          jingXiaoShang: d1,
          wangDian: o1,
          jianHeJieGuo: 'heGe',
          pingFen: 92,
          wenTiMiaoShu: '端架陈列完整，价格牌齐全。',
        },
      },
      {
        by: zw,
        data: {
          jianHeRen: zw.pick,
          jianHeRiQi: '2026-03-08',
          jingXiaoShang: d1,
          wangDian: o2,
          jianHeJieGuo: 'zhengGai',
          pingFen: 68,
          wenTiMiaoShu: '堆头缺少价格牌，排面不足 3 个。',
          zhengGaiYaoQiu: '三日内补齐价格牌并拍照回传。',
        },
      },
    ];
  }
  for (const def of EXPENSE_SETUP_FORMS) {
    const list = rows[def.code] ?? [];
    if (!list.length) continue;
    const [existing] = await tx.select({ id: t.records.id }).from(t.records).where(eq(t.records.formCode, def.code)).limit(1);
    if (existing) continue;
    for (const r of list) await insertDraft(tx, def, versions.get(def.code)!, r.by, r.data);
  }
}

/** The setting's record of its defaults, a draft of the administrator's (drafts stay editable). */
async function seedSetting(tx: Tx, def: FormDefinition, version: number, adminId: string) {
  const [existing] = await tx
    .select({ id: t.records.id })
    .from(t.records)
    .where(and(eq(t.records.formCode, def.code), eq(t.records.isYouXiao, '1')))
    .limit(1);
  if (existing) return;
  await insertDraft(tx, def, version, { userId: adminId, departmentId: null }, settingsDefaults(def));
}

/** A record as a draft of `by`, numbered like a save; the data must pass the form's schema. */
async function insertDraft(tx: Tx, def: FormDefinition, version: number, by: { userId: string; departmentId: string | null }, data: Record<string, unknown>) {
  const v = compileRecordSchema(def, FORM_MODES.ADD).validate(data);
  if (!v.valid) throw new Error(`seeded ${def.code} record is invalid: ${JSON.stringify(v.errors)}`);
  const rule = { ...DEFAULT_NUMBER_RULE, ...(def.numberRule ?? {}) };
  const now = new Date();
  const period = dayjs(now).format(rule.dateFormat);
  const seq = await nextSequence(tx, def.code, period);
  const id = newId();
  await insertRecord(tx, {
    id,
    formCode: def.code,
    number: `${rule.prefix}${period}${String(seq).padStart(rule.sequenceLength, '0')}`,
    title: (def.titleTemplate ?? def.name['zh-CN']).replace(/\{(\w+)\}/g, (_, k: string) => String(data[k] ?? '')).slice(0, 200),
    rowCreateId: by.userId,
    rowCreateBuMenId: by.departmentId,
    rowCreateDate: nowText(now),
    rowModUser: by.userId,
    rowModDate: nowText(now),
    shenPiZhuangTai: APPROVAL_STATUS.DRAFT.code,
    definitionVersion: version,
    data,
  });
  await writeUniqueValues(tx, def.code, id, uniqueValues(def, data));
}
