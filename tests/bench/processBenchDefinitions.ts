// Process definitions for `npm run bench:process`: a valid graph of exactly `count` nodes — a
// start, then a repeating run of an approver, a condition group (a condition node whose two
// branches, an amount branch and the default, each hold an approver and meet again), an
// approver, a parallel group (split, two approvers, join) and a CC, padded with approvers, then
// the end. Every node is laid out by the canvas (no stored positions), as a fresh draft is.
import type { ProcessDefinition, ProcessEdge, ProcessNode } from '../../schemas/process/model';

type Block = 'approve' | 'condition' | 'parallel' | 'cc';
const CYCLE: readonly Block[] = ['approve', 'condition', 'approve', 'parallel', 'cc'];
const SIZE: Record<Block, number> = { approve: 1, cc: 1, condition: 3, parallel: 4 };
const name = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export function processBenchDefinition(count: number): ProcessDefinition {
  if (count < 3) throw new Error('a process needs at least a start, one node and an end');
  const nodes: ProcessNode[] = [{ id: 'start', type: 'start', name: name('发起', 'Submit') }];
  const edges: ProcessEdge[] = [];
  let tails = ['start'];
  let e = 0;
  const link = (target: string, extra: Partial<ProcessEdge> = {}, from = tails) => {
    for (const source of from) edges.push({ id: `e${++e}`, source, target, ...extra });
  };
  const approver = (id: string, label: string): ProcessNode => ({ id, type: 'approve', name: name(label, label), assignee: { kind: 'deptLeader' } });
  let left = count - 2;
  for (let i = 0; left > 0; i++) {
    let block = CYCLE[i % CYCLE.length];
    if (SIZE[block] > left) block = 'approve';
    left -= SIZE[block];
    if (block === 'approve' || block === 'cc') {
      const id = `${block === 'cc' ? 'cc' : 'a'}${i}`;
      nodes.push(
        block === 'cc'
          ? { id, type: 'cc', name: name(`抄送 ${i}`, `CC ${i}`), assignee: { kind: 'roles', roleCodes: ['caiWuZhuGuan'] } }
          : approver(id, `审批 ${i}`),
      );
      link(id);
      tails = [id];
    } else if (block === 'condition') {
      const c = `c${i}`;
      nodes.push(
        { id: c, type: 'condition', name: name(`金额判断 ${i}`, `Amount ${i}`) },
        approver(`c${i}big`, `大额审批 ${i}`),
        approver(`c${i}small`, `常规审批 ${i}`),
      );
      link(c);
      link(`c${i}big`, { condition: { '>': [{ var: 'amount' }, 1000 * (i + 1)] }, priority: 1, label: `> ${1000 * (i + 1)}` }, [c]);
      link(`c${i}small`, { priority: 2 }, [c]);
      tails = [`c${i}big`, `c${i}small`];
    } else {
      const p = `p${i}`;
      const j = `j${i}`;
      nodes.push({ id: p, type: 'parallel', name: name(`并行 ${i}`, `Parallel ${i}`) }, approver(`p${i}a`, `复核 A ${i}`), approver(`p${i}b`, `复核 B ${i}`), {
        id: j,
        type: 'join',
        name: name(`汇合 ${i}`, `Join ${i}`),
        split: p,
      });
      link(p);
      link(`p${i}a`, {}, [p]);
      link(`p${i}b`, {}, [p]);
      link(j, {}, [`p${i}a`, `p${i}b`]);
      tails = [j];
    }
  }
  nodes.push({ id: 'end', type: 'end', name: name('结束', 'End') });
  link('end');
  return { schemaVersion: 3, code: `processBench${count}`, name: name(`流程基准 ${count}`, `Process bench ${count}`), version: 0, nodes, edges };
}
