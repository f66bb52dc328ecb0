// Approver dry-run: who approves a document in which order and why, for given record values,
// applicant and picks — by running the engine itself (submit, then every pending task approved
// by its assignee until the instance ends). The designer and the publish check show it; the
// server answers it for processInstance/dryRun with a directory snapshot.
import type { LocalizedText } from '../definition';
import { decide } from './engine';
import type { ApproveMethod, ProcessDefinition, ProcessEdge, ProcessNodeType } from './model';
import type { DecideEnv, Directory, InstanceState, RefusalCode, Resolution } from './state';

export interface DryRunInput {
  data: Record<string, unknown>;
  applicantId: string;
  /** applicantPicks picks (as the submit sends them) and previousPicks picks (sent with the approve before the node) */
  picks?: Record<string, string[]>;
  directory: Directory;
  /** the time the dry-run pretends it is (timeouts' due dates); default the epoch */
  now?: string;
}

export type DryRunOutcome = 'approve' | 'skipped' | 'autoPass' | 'autoReject' | 'cc' | 'end';

export interface DryRunStep {
  nodeId: string;
  name: LocalizedText;
  type: ProcessNodeType;
  /** approve nodes: how the approvers decide */
  method?: ApproveMethod;
  /** who the strategy resolved (approve and cc), in order */
  approvers: string[];
  /** their names from the directory (unknown ids as they are) */
  approverNames: string[];
  /** why (an i18n key of the schemas namespace, with params) */
  reason?: Resolution['reason'];
  outcome: DryRunOutcome;
  /** the parallel branch the node ran on ('' main line) */
  branch: string;
  /** the condition decision that led here: the edge taken and whether its condition matched (false: the default edge) */
  condition?: { nodeId: string; edgeId: string; label?: string; matched: boolean };
}

export interface DryRunResult {
  steps: DryRunStep[];
  end: 'approved' | 'rejected' | 'needsPick';
  /** why the run stopped early: a pick is missing (field picks.<nodeId>), the graph cannot run, the cap was hit */
  error?: { code: RefusalCode | 'process.dryRunLimit'; params?: Record<string, string | number>; field?: string };
}

/** Decisions a dry-run makes at most (a flow that loops through returns cannot happen here; this caps a broken one). */
const MAX_DECISIONS = 500;

export function dryRun(def: ProcessDefinition, input: DryRunInput): DryRunResult {
  let n = 0;
  const env: DecideEnv = { directory: input.directory, now: input.now ?? new Date(0).toISOString(), newId: () => String(++n).padStart(19, '0') };
  const picks = input.picks ?? {};
  const first = decide(def, null, { type: 'submit', by: input.applicantId, data: input.data, picks }, env);
  if (!first.ok) return { steps: [], end: first.code === 'process.pickRequired' ? 'needsPick' : 'rejected', error: refusal(first) };
  let state = first.state;
  for (let i = 0; state.status === 'running'; i++) {
    if (i >= MAX_DECISIONS) return { steps: stepsOf(def, state, input.directory), end: 'rejected', error: { code: 'process.dryRunLimit' } };
    const task = state.tasks.find((t) => t.status === 'pending');
    if (!task) break;
    const d = decide(def, state, { type: 'approve', by: task.assigneeId, taskId: task.id, comment: 'dry-run', signature: 'dry-run', picks }, env);
    if (!d.ok) {
      const end = d.code === 'process.pickRequired' ? 'needsPick' : 'rejected';
      return { steps: stepsOf(def, state, input.directory), end, error: refusal(d) };
    }
    state = d.state;
  }
  return { steps: stepsOf(def, state, input.directory), end: state.status === 'approved' ? 'approved' : 'rejected' };
}

function refusal(d: { code: RefusalCode; params?: Record<string, string | number>; field?: string }): NonNullable<DryRunResult['error']> {
  const e: NonNullable<DryRunResult['error']> = { code: d.code };
  if (d.params) e.params = d.params;
  if (d.field) e.field = d.field;
  return e;
}

/** The approve, cc and end nodes the flow went through, in order, with the condition choices that led to them. */
function stepsOf(def: ProcessDefinition, state: InstanceState, directory: Directory): DryRunStep[] {
  const nodes = new Map(def.nodes.map((x) => [x.id, x]));
  const edges = new Map<string, ProcessEdge>(def.edges.map((e) => [e.id, e]));
  /** `${branch}|${nodeId}` → the condition decision that leads there */
  const chosen = new Map<string, NonNullable<DryRunStep['condition']>>();
  const steps: DryRunStep[] = [];
  for (const run of state.runs) {
    const node = nodes.get(run.nodeId);
    if (!node) continue;
    const key = `${run.branch}|${run.nodeId}`;
    if (node.type === 'condition') {
      const edge = edges.get(run.outcome ?? '');
      if (!edge) continue;
      const decision = { nodeId: node.id, edgeId: edge.id, matched: edge.condition !== undefined, ...(edge.label ? { label: edge.label } : {}) };
      // a condition after a condition: the step shows the last decision
      chosen.set(`${run.branch}|${edge.target}`, decision);
      chosen.delete(key);
      continue;
    }
    let outcome: DryRunOutcome | null = null;
    if (node.type === 'end') outcome = 'end';
    else if (node.type === 'cc') outcome = 'cc';
    else if (node.type === 'approve') {
      // approved, or still waiting when the run stopped (a missing pick after it)
      if (run.outcome === 'approved' || run.status === 'active') outcome = 'approve';
      else if (run.outcome === 'skip') outcome = 'skipped';
      else if (run.outcome === 'autoPass') outcome = 'autoPass';
      else if (run.outcome === 'autoReject') outcome = 'autoReject';
    }
    if (!outcome) continue;
    const approvers = run.resolution?.userIds ?? [];
    const step: DryRunStep = {
      nodeId: node.id,
      name: node.name,
      type: node.type,
      approvers,
      approverNames: approvers.map((id) => directory.users[id]?.name ?? id),
      outcome,
      branch: run.branch,
    };
    if (node.type === 'approve') step.method = run.method;
    if (run.resolution) step.reason = run.resolution.reason;
    const cond = chosen.get(key);
    if (cond) {
      step.condition = cond;
      chosen.delete(key);
    }
    steps.push(step);
  }
  return steps;
}
