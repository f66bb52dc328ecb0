// Support of the SIGKILL durability test (durability.test.ts): the real server as a child
// process (`node --import tsx server/main.ts`) that can be killed with SIGKILL and started again
// on the same database, a fetch-based API client that tells a refused request from one whose
// outcome is unknown (the connection died), a callback receiver that keeps every delivery it got
// (delivery id → bodies), a fresh PostgreSQL database, and the invariant checks read straight
// from the database after the server stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { endpoints, pathOf } from '../../schemas/api';
import type { InstanceState, ProcessDefinition } from '../../schemas/process';
import { rows, sql, type Db } from '../db/client';
import { approvalFields } from '../../schemas/process/views';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PREFIX = '/tpm';
const E = { ...endpoints.process, ...endpoints.processAdmin };
/** The paths the test calls (the default API prefix). */
export const PATHS = {
  health: pathOf(endpoints.maintenance.health, PREFIX),
  login: '/emp/api/v2/login',
  taskAll: pathOf(E.taskAll, PREFIX),
  approve: pathOf(E.approve, PREFIX),
  reject: pathOf(E.reject, PREFIX),
  return: pathOf(E.return, PREFIX),
  withdraw: pathOf(E.withdraw, PREFIX),
  definitionItem: pathOf(E.definitionItem, PREFIX),
  definitionSave: pathOf(E.definitionSave, PREFIX),
  definitionPublish: pathOf(E.definitionPublish, PREFIX),
  recordList: pathOf(endpoints.records.list, PREFIX),
  recordGet: pathOf(endpoints.records.get, PREFIX),
  recordSave: pathOf(endpoints.records.save, PREFIX),
  upload: pathOf(endpoints.files.upload, PREFIX),
  poolChange: pathOf(endpoints.budget.change, PREFIX),
};

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A small seeded PRNG (mulberry32): a failing run can be repeated with its seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

// ─── the server process ──────────────────────────────────────────────────────────────────────
/** The real server as a child process on a fixed port and database; started, killed and started again. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  private output = '';
  readonly base: string;
  starts = 0;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  /** The last output of the server (for a failure's message). */
  tail(chars = 4000): string {
    return this.output.slice(-chars);
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Spawns the server and waits until it answers /health (throws with its output when it exits first). */
  async start(timeoutMs = 180_000): Promise<number> {
    if (this.child) throw new Error('server already running');
    const t0 = Date.now();
    const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_PATH'];
    const base: Record<string, string> = {};
    for (const k of keep) if (process.env[k]) base[k] = process.env[k]!;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...base, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.starts++;
    this.child = child;
    const keepOutput = (b: Buffer) => {
      this.output = (this.output + b.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keepOutput);
    child.stderr?.on('data', keepOutput);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let gone = false;
    void this.exited.then(() => (gone = true));
    while (Date.now() - t0 < timeoutMs) {
      if (gone) {
        this.child = null;
        throw new Error(`server exited while starting:\n${this.tail()}`);
      }
      try {
        const r = await fetch(`${this.base}${PATHS.health}`, { signal: AbortSignal.timeout(2000) });
        if (r.ok) return Date.now() - t0;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    await this.kill();
    throw new Error(`server did not answer within ${timeoutMs} ms:\n${this.tail()}`);
  }

  /** SIGKILL: no shutdown hook runs, whatever was in flight is cut. */
  async kill(): Promise<void> {
    const c = this.child;
    if (!c) return;
    c.kill('SIGKILL');
    await this.exited;
    this.child = null;
  }

  /** SIGTERM (the graceful shutdown of server/main.ts); answers the exit code. */
  async stop(timeoutMs = 60_000): Promise<number | null> {
    const c = this.child;
    if (!c) return null;
    c.kill('SIGTERM');
    const code = await Promise.race([this.exited, sleep(timeoutMs).then(() => 'timeout' as const)]);
    if (code === 'timeout') {
      await this.kill();
      throw new Error(`server did not stop within ${timeoutMs} ms:\n${this.tail()}`);
    }
    this.child = null;
    return code;
  }
}

// ─── the API client ──────────────────────────────────────────────────────────────────────────
export interface Answer<T> {
  status: number;
  code: number;
  data: T;
  msg?: string;
}

/** The connection failed or was cut: the request's outcome is unknown (it may have committed). */
export class Unknown extends Error {}

/** POST as JSON; answers the status and the envelope, or throws Unknown when no answer came. */
export async function call<T>(base: string, url: string, body: unknown, token?: string): Promise<Answer<T>> {
  let r: Response;
  let text: string;
  try {
    r = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(30_000),
    });
    text = await r.text();
  } catch (err) {
    throw new Unknown(String(err));
  }
  let parsed: { code?: number; data?: T; msg?: string };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // a body cut by the kill (or a proxy's page): no answer either
    throw new Unknown(`unparsable answer ${r.status}: ${text.slice(0, 200)}`);
  }
  return { status: r.status, code: parsed.code ?? -1, data: parsed.data as T, msg: parsed.msg };
}

export async function login(base: string, username: string): Promise<string> {
  const pw = username === 'admin' ? 'Admin@123' : 'Demo@123';
  const a = await call<{ mytoken: string }>(base, PATHS.login, { username, password: pw });
  if (a.code !== 0) throw new Error(`login ${username}: ${a.status} ${a.msg}`);
  return a.data.mytoken;
}

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads a small PNG; answers the file reference a record stores. */
export async function upload(base: string, token: string, name: string): Promise<{ id: string; name: string; size: number; type: string }> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), name);
  let r: Response;
  let body: { code?: number; data?: { id: string; name: string; size: number; type: string } };
  try {
    r = await fetch(`${base}${PATHS.upload}`, { method: 'POST', headers: { authorization: token }, body: form, signal: AbortSignal.timeout(30_000) });
    body = (await r.json()) as typeof body;
  } catch (err) {
    throw new Unknown(String(err));
  }
  if (body.code !== 0 || !body.data) throw new Error(`upload: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
  const f = body.data;
  return { id: f.id, name: f.name, size: f.size, type: f.type };
}

// ─── the callback receiver ───────────────────────────────────────────────────────────────────
export interface Receiver {
  port: number;
  /** delivery id → every distinct body received under it */
  bodies: Map<string, Set<string>>;
  /** delivery ids answered 2xx */
  accepted: Set<string>;
  /** delivery ids answered 2xx more than once (at-least-once: the sender died before it marked the row) */
  acceptedAgain: Set<string>;
  /** requests received (retries and redeliveries included) */
  hits: number;
  /** when the last request arrived (ms epoch) */
  lastAt: number;
  close(): Promise<void>;
}

/** An HTTP receiver of process callbacks on 127.0.0.1; answers 503 to a share of the requests (retries). */
export async function startReceiver(failShare: number, rnd: () => number): Promise<Receiver> {
  const rec: Receiver = { port: 0, bodies: new Map(), accepted: new Set(), acceptedAgain: new Set(), hits: 0, lastAt: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      rec.hits++;
      rec.lastAt = Date.now();
      const id = String(req.headers['x-formwork-delivery'] ?? '');
      const body = Buffer.concat(chunks).toString('utf8');
      const seen = rec.bodies.get(id) ?? new Set<string>();
      seen.add(body);
      rec.bodies.set(id, seen);
      if (rnd() < failShare) {
        res.writeHead(503).end();
        return;
      }
      if (rec.accepted.has(id)) rec.acceptedAgain.add(id);
      rec.accepted.add(id);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const a = server.address();
  rec.port = typeof a === 'object' && a ? a.port : 0;
  rec.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return rec;
}

// ─── a fresh PostgreSQL database ─────────────────────────────────────────────────────────────
/** A new database on the server of `adminUrl` (as server/test/helpers.ts makes them), and its drop. */
export async function freshPgDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `formwork_dur_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// ─── what the clients were told ──────────────────────────────────────────────────────────────
/** An action the server answered code 0 for: it must be in the database afterwards. */
export type Ack =
  | { kind: 'submit'; recordId: string; version: number }
  | { kind: 'resubmit'; recordId: string; version: number }
  | { kind: 'approve' | 'reject' | 'return'; taskId: string; instanceId: string; revision: number; status: string }
  | { kind: 'withdraw'; recordId: string; instanceId: string; revision: number; status: string };

// ─── the invariants, read from the database ──────────────────────────────────────────────────
/** The record status (shenPiZhuangTai) an instance status means. */
export const RECORD_STATUS_OF: Record<string, string> = { running: '1', returned: '3', approved: '2', rejected: '5', withdrawn: '4', cancelled: '4' };

/**
 * The callback event a history row makes (outbox rows are written with it in one transaction).
 * The ending events (archived, rejected, withdrawn, cancelled) are counted from the instance's
 * final status instead: several history actions end an instance (reject, autoReject …).
 */
function eventOf(h: { action: string; task_id: string | null; detail: unknown }): string | null {
  switch (h.action) {
    case 'start':
      return 'submitted';
    case 'resubmit':
      return 'resubmitted';
    case 'nodeDone':
      return 'nodeDone';
    case 'return': {
      const to = h.detail && typeof h.detail === 'object' && 'to' in h.detail ? (h.detail as { to: unknown }).to : null;
      return to === 'applicant' ? 'returned' : null;
    }
    default:
      return null;
  }
}

/** The callback an instance's final status made. */
const END_EVENT: Record<string, string> = { approved: 'archived', rejected: 'rejected', withdrawn: 'withdrawn', cancelled: 'cancelled' };

export interface CheckReport {
  problems: string[];
  /** when each outbox row not delivered (pending, delivering, failed) was enqueued (ms epoch) */
  undeliveredAt: number[];
  stats: Record<string, number | string>;
}

interface InstanceRowRaw {
  id: string;
  record_id: string;
  status: string;
  revision: number;
  state: InstanceState;
  process_code: string;
  process_version: number;
  started_at: Date | string;
}

/**
 * Every invariant the engine's writes keep, checked on the stopped server's database. Answers
 * the problems found (empty: consistent) and counts for the log.
 */
export async function checkInvariants(db: Db, acks: readonly Ack[], receiver: Receiver): Promise<CheckReport> {
  const problems: string[] = [];
  const say = (s: string) => {
    if (problems.length < 200) problems.push(s);
  };
  const instances = await rows<InstanceRowRaw>(
    db,
    sql`select id, record_id, status, revision, state, process_code, process_version, started_at from process_instances order by started_at, id`,
  );
  const tasks = await rows<{ id: string; instance_id: string; record_id: string; node_id: string; assignee_id: string; status: string }>(
    db,
    sql`select id, instance_id, record_id, node_id, assignee_id, status from process_tasks`,
  );
  const history = await rows<{ instance_id: string; seq: number; action: string; task_id: string | null; detail: unknown }>(
    db,
    sql`select instance_id, seq, action, task_id, detail from process_history order by instance_id, seq`,
  );
  const outbox = await rows<{ id: string; instance_id: string; event: string; status: string; payload: unknown; created_at: Date | string }>(
    db,
    sql`select id, instance_id, event, status, payload, created_at from process_outbox`,
  );
  const recs = await rows<{
    id: string;
    version: number;
    shen_pi_zhuang_tai: string | null;
    liu_cheng_id: string | null;
    state_name: string | null;
    shen_pi_ren: string | null;
    shi_yong_jue_se_id: string | null;
    liu_cheng_gui_dang_time: string | null;
  }>(
    db,
    sql`select id, version, shen_pi_zhuang_tai, liu_cheng_id, state_name, shen_pi_ren, shi_yong_jue_se_id, liu_cheng_gui_dang_time
        from records where is_you_xiao = '1' and (id in (select record_id from process_instances) or shen_pi_zhuang_tai in ('1', '3'))`,
  );
  const jobs = await rows<{ id: string; instance_id: string; task_id: string; status: string }>(
    db,
    sql`select id, instance_id, task_id, status from process_jobs where kind = 'timeout'`,
  );
  const versions = await rows<{ code: string; version: number; definition: ProcessDefinition }>(
    db,
    sql`select code, version, definition from process_definition_versions`,
  );
  const defOf = new Map(versions.map((v) => [`${v.code}@${v.version}`, v.definition]));

  const tasksByInstance = new Map<string, typeof tasks>();
  for (const t of tasks) tasksByInstance.set(t.instance_id, [...(tasksByInstance.get(t.instance_id) ?? []), t]);
  const historyByInstance = new Map<string, typeof history>();
  for (const h of history) historyByInstance.set(h.instance_id, [...(historyByInstance.get(h.instance_id) ?? []), h]);
  const outboxByInstance = new Map<string, typeof outbox>();
  for (const o of outbox) outboxByInstance.set(o.instance_id, [...(outboxByInstance.get(o.instance_id) ?? []), o]);
  const taskRow = new Map(tasks.map((t) => [t.id, t]));
  const instanceById = new Map(instances.map((i) => [i.id, i]));

  // 1. each instance: its row, its state's tasks and their rows, its history, its callbacks
  for (const inst of instances) {
    const st = inst.state;
    const where = `instance ${inst.id} (record ${inst.record_id}, ${inst.status})`;
    if (st.status !== inst.status) say(`${where}: column status ≠ state.status ${st.status}`);
    const rowsOf = tasksByInstance.get(inst.id) ?? [];
    const stateIds = new Set(st.tasks.map((t) => t.id));
    for (const t of st.tasks) {
      const r = taskRow.get(t.id);
      if (!r) say(`${where}: task ${t.id} (${t.status}) of the state has no row`);
      else if (r.instance_id !== inst.id || r.status !== t.status || r.assignee_id !== t.assigneeId || r.node_id !== t.nodeId)
        say(`${where}: task ${t.id} row ${r.status}/${r.assignee_id}/${r.node_id} ≠ state ${t.status}/${t.assigneeId}/${t.nodeId}`);
    }
    for (const r of rowsOf) if (!stateIds.has(r.id) && r.status !== 'cancelled') say(`${where}: task row ${r.id} (${r.status}) is not in the state`);
    if (inst.status !== 'running') {
      const open = st.tasks.filter((t) => t.status === 'pending' || t.status === 'waiting');
      if (open.length) say(`${where}: ${open.length} open task(s) on an instance that is not running`);
      const openRows = rowsOf.filter((r) => r.status === 'pending' || r.status === 'waiting');
      if (openRows.length) say(`${where}: ${openRows.length} open task row(s) on an instance that is not running`);
    }
    const hist = historyByInstance.get(inst.id) ?? [];
    hist.forEach((h, i) => {
      if (h.seq !== i + 1) say(`${where}: history seq ${h.seq} at position ${i + 1}`);
    });
    if (inst.process_code && !hist.some((h) => h.action === 'start')) say(`${where}: no start in its history`);
    // a finished task's step is in the history (no task completed without its entry)
    const byTask = new Map<string, string[]>();
    for (const h of hist) if (h.task_id) byTask.set(h.task_id, [...(byTask.get(h.task_id) ?? []), h.action]);
    for (const t of st.tasks) {
      const acts = byTask.get(t.id) ?? [];
      // by its approver, or by the system (a timeout: autoPass / autoReject naming the task)
      const want =
        t.status === 'approved' ? ['approve', 'autoPass'] : t.status === 'rejected' ? ['reject', 'autoReject'] : t.status === 'returned' ? ['return'] : [];
      if (want.length && !want.some((w) => acts.includes(w))) say(`${where}: task ${t.id} is ${t.status} without its ${want[0]} history entry`);
      const finishing = acts.filter((a) => ['approve', 'reject', 'return', 'autoPass', 'autoReject'].includes(a));
      if (finishing.length > 1) say(`${where}: task ${t.id} finished ${finishing.length}× in the history (${finishing.join(', ')})`);
    }
    // callbacks: for a version with a callbackUrl, exactly one outbox row per event-making history row
    const def = defOf.get(`${inst.process_code}@${inst.process_version}`);
    const box = outboxByInstance.get(inst.id) ?? [];
    const want = new Map<string, number>();
    if (def?.callbackUrl) {
      for (const h of hist) for (const e of [eventOf(h)].filter((x): x is string => !!x)) want.set(e, (want.get(e) ?? 0) + 1);
      if (END_EVENT[inst.status]) want.set(END_EVENT[inst.status], 1);
    }
    const have = new Map<string, number>();
    for (const o of box) have.set(o.event, (have.get(o.event) ?? 0) + 1);
    for (const e of new Set([...want.keys(), ...have.keys()]))
      if ((want.get(e) ?? 0) !== (have.get(e) ?? 0))
        say(`${where}: ${want.get(e) ?? 0} '${e}' callback(s) due (history, final status) but ${have.get(e) ?? 0} outbox row(s)`);
  }

  // timeout jobs follow the tasks (syncJobs writes them in the step's transaction): a pending task
  // with a due time has a live job, and no job waits for a task that is no longer pending
  const liveJobs = new Map<string, string[]>();
  for (const j of jobs) if (j.status === 'pending' || j.status === 'running') liveJobs.set(j.task_id, [...(liveJobs.get(j.task_id) ?? []), j.status]);
  const stateTask = new Map(instances.flatMap((i) => i.state.tasks.map((t) => [t.id, t] as const)));
  for (const inst of instances)
    for (const t of inst.state.tasks)
      if (t.status === 'pending' && t.dueAt && !liveJobs.has(t.id)) say(`instance ${inst.id}: pending task ${t.id} due ${t.dueAt} has no timeout job`);
  for (const j of jobs)
    if (j.status === 'pending' && stateTask.get(j.task_id)?.status !== 'pending')
      say(`timeout job ${j.id} is pending for task ${j.task_id}, which is ${stateTask.get(j.task_id)?.status ?? 'missing'}`);

  // 2. each record: its approval fields agree with its newest instance
  const latest = new Map<string, InstanceRowRaw>();
  for (const inst of instances) {
    const cur = latest.get(inst.record_id);
    const live = inst.status === 'running' || inst.status === 'returned';
    const curLive = cur && (cur.status === 'running' || cur.status === 'returned');
    if (!cur || live || (!curLive && new Date(inst.started_at) >= new Date(cur.started_at))) latest.set(inst.record_id, inst);
  }
  for (const r of recs) {
    const inst = latest.get(r.id);
    const where = `record ${r.id} (${r.shen_pi_zhuang_tai})`;
    if (!inst) {
      // a seeded document may sit returned without an instance (its resubmit starts one: steps.ts resubmitInstance)
      if (r.shen_pi_zhuang_tai !== '3') say(`${where}: in approval without an instance`);
      continue;
    }
    if (r.liu_cheng_id !== inst.id) say(`${where}: liuChengId ${r.liu_cheng_id} ≠ its newest instance ${inst.id}`);
    const wantStatus = RECORD_STATUS_OF[inst.status];
    if (r.shen_pi_zhuang_tai !== wantStatus) say(`${where}: shenPiZhuangTai ≠ '${wantStatus}' of instance ${inst.id} ${inst.status}`);
    if (inst.status === 'approved' && !r.liu_cheng_gui_dang_time) say(`${where}: approved without liuChengGuiDangTime`);
    if (inst.status !== 'approved' && r.liu_cheng_gui_dang_time) say(`${where}: liuChengGuiDangTime set on a ${inst.status} instance`);
    const def = defOf.get(`${inst.process_code}@${inst.process_version}`);
    if (!def) {
      if (inst.process_code) say(`${where}: instance ${inst.id} is pinned to ${inst.process_code}@${inst.process_version}, which does not exist`);
      continue;
    }
    // the engine's view of the fields (schemas/process/views.ts), an empty stateName stored as null
    const f = approvalFields(def, inst.state, inst.id);
    if ((r.state_name ?? null) !== (f.stateName || null)) say(`${where}: stateName '${r.state_name}' ≠ '${f.stateName}' of instance ${inst.id} ${inst.status}`);
    if ((r.shen_pi_ren ?? null) !== (f.shenPiRen ?? null)) say(`${where}: shenPiRen '${r.shen_pi_ren}' ≠ '${f.shenPiRen}' of instance ${inst.id}`);
    if ((r.shi_yong_jue_se_id ?? null) !== (f.shiYongJueSeId ?? null)) say(`${where}: shiYongJueSeId '${r.shi_yong_jue_se_id}' ≠ '${f.shiYongJueSeId}'`);
  }

  // 3. nothing acknowledged is lost
  const recById = new Map(recs.map((r) => [r.id, r]));
  const histByTask = new Map<string, string[]>();
  for (const h of history) if (h.task_id) histByTask.set(h.task_id, [...(histByTask.get(h.task_id) ?? []), h.action]);
  const TASK_STATUS: Record<string, string> = { approve: 'approved', reject: 'rejected', return: 'returned' };
  for (const a of acks) {
    if (a.kind === 'submit' || a.kind === 'resubmit') {
      const r = recById.get(a.recordId);
      if (!r) say(`acknowledged ${a.kind} of record ${a.recordId}: no instance for the record`);
      else if (r.version < a.version) say(`acknowledged ${a.kind} of record ${a.recordId}: version ${r.version} < acknowledged ${a.version}`);
      continue;
    }
    const inst = instanceById.get(a.instanceId);
    if (!inst) {
      say(`acknowledged ${a.kind}: instance ${a.instanceId} missing`);
      continue;
    }
    if (inst.revision < a.revision) say(`acknowledged ${a.kind}: instance ${a.instanceId} revision ${inst.revision} < acknowledged ${a.revision}`);
    if (a.kind === 'withdraw') {
      if (inst.status !== 'withdrawn') say(`acknowledged withdraw of ${a.instanceId}: instance is ${inst.status}`);
      continue;
    }
    const t = taskRow.get(a.taskId);
    if (!t || t.status !== TASK_STATUS[a.kind]) say(`acknowledged ${a.kind} of task ${a.taskId}: task is ${t?.status ?? 'missing'}`);
    if (!(histByTask.get(a.taskId) ?? []).includes(a.kind)) say(`acknowledged ${a.kind} of task ${a.taskId}: no history entry`);
    if (['approved', 'rejected', 'withdrawn'].includes(a.status) && inst.status !== a.status)
      say(`acknowledged ${a.kind} ended ${a.instanceId} ${a.status}, it is ${inst.status}`);
  }

  // 4. callbacks: none lost, none sent that the database does not have, one body per delivery id
  const outboxById = new Map(outbox.map((o) => [o.id, o]));
  const undeliveredAt: number[] = [];
  for (const o of outbox) {
    if (o.status === 'delivered' && !receiver.accepted.has(o.id)) say(`outbox ${o.id} (${o.event}) is delivered but the receiver never accepted it`);
    if (o.status !== 'delivered') undeliveredAt.push(new Date(o.created_at).getTime());
    if (!['delivered', 'pending', 'delivering', 'failed'].includes(o.status)) say(`outbox ${o.id}: unknown status ${o.status}`);
  }
  for (const [id, bodies] of receiver.bodies) {
    const o = outboxById.get(id);
    if (!o) say(`the receiver got delivery ${id}, which is not in the outbox (a callback of a rolled-back step)`);
    if (bodies.size !== 1) say(`delivery ${id} came with ${bodies.size} different bodies`);
    for (const b of bodies) if (o && JSON.stringify(JSON.parse(b)) !== JSON.stringify(o.payload)) say(`delivery ${id}: body ≠ the outbox row's payload`);
  }

  const byStatus: Record<string, number> = {};
  for (const i of instances) byStatus[i.status] = (byStatus[i.status] ?? 0) + 1;
  return {
    problems,
    undeliveredAt,
    stats: {
      instances: instances.length,
      ...Object.fromEntries(Object.entries(byStatus).map(([k, v]) => [`instances.${k}`, v])),
      tasks: tasks.length,
      history: history.length,
      outbox: outbox.length,
      timeoutJobs: jobs.length,
      timeoutsDone: jobs.filter((j) => j.status === 'done').length,
      undelivered: undeliveredAt.length,
      acceptedTwice: receiver.acceptedAgain.size,
      receiverHits: receiver.hits,
    },
  };
}
