// The body of one process node: a colour bar and an icon per node type, the node's name, a
// summary line (who approves, in words) and its state. Drawn at NODE_SIZE of ../layout.ts by
// the read-only diagram (ProcessDiagram) and by the process designer's canvas, which passes
// `selected`, `problems` and children (its own handles, "+" buttons …). The state is said in
// text too (a badge and the accessible name), never by colour alone.
import type { CSSProperties, ReactNode } from 'react';
import {
  BranchesOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  ClockCircleFilled,
  ForkOutlined,
  MergeCellsOutlined,
  PlayCircleOutlined,
  RollbackOutlined,
  SendOutlined,
  StopOutlined,
  UserOutlined,
  WarningFilled,
} from '@ant-design/icons';
import type { Locale } from '../../../schemas';
import type { ProcessNode, ProcessNodeType } from '../../../schemas/process/model';
import { localized } from '../../engine/fields';
import { NODE_SIZE } from '../layout';
import { useApprovalT } from '../i18n';
import '../approval.css';

export type ProcessNodeState = 'current' | 'done' | 'path' | 'rejected' | 'returned' | 'idle';

export interface ProcessNodeCardProps {
  node: ProcessNode;
  locale: Locale;
  /** the summary line (e.g. strategySummary(node, t, names)) */
  summary?: string;
  state?: ProcessNodeState;
  /** lint problems on the node (the designer's publish check) */
  problems?: number;
  selected?: boolean;
  children?: ReactNode;
}

/** The colour of each node type's bar (also exported for the designer's minimap). */
export const NODE_COLOURS: Readonly<Record<ProcessNodeType, string>> = {
  start: '#2563eb',
  approve: '#ea580c',
  cc: '#0891b2',
  condition: '#7c3aed',
  parallel: '#4f46e5',
  join: '#4f46e5',
  end: '#64748b',
};

const TYPE_ICONS: Record<ProcessNodeType, ReactNode> = {
  start: <PlayCircleOutlined />,
  approve: <UserOutlined />,
  cc: <SendOutlined />,
  condition: <BranchesOutlined />,
  parallel: <ForkOutlined />,
  join: <MergeCellsOutlined />,
  end: <StopOutlined />,
};

const STATE_ICONS: Partial<Record<ProcessNodeState, ReactNode>> = {
  current: <ClockCircleFilled />,
  done: <CheckCircleFilled />,
  path: <CheckCircleFilled />,
  rejected: <CloseCircleFilled />,
  returned: <RollbackOutlined />,
};

export function ProcessNodeCard({ node, locale, summary, state = 'idle', problems = 0, selected = false, children }: ProcessNodeCardProps) {
  const t = useApprovalT(locale);
  const box = NODE_SIZE[node.type] ?? NODE_SIZE.approve;
  const name = localized(node.name, locale) || node.id;
  const typeText = t(`diagram.type.${node.type}`);
  const stateText = t(`diagram.state.${state}`);
  const compact = box.height < 56;
  const style: CSSProperties & Record<'--fw-node-colour', string> = {
    width: box.width,
    height: box.height,
    '--fw-node-colour': NODE_COLOURS[node.type] ?? NODE_COLOURS.approve,
  };
  const label = [
    t('diagram.nodeLabel', { type: typeText, name }),
    summary,
    state !== 'idle' ? stateText : '',
    problems > 0 ? t('diagram.problems', { count: problems }) : '',
    selected ? t('diagram.selected') : '',
  ]
    .filter(Boolean)
    .join(t('diagram.partSeparator'));
  return (
    <div
      className={`fw-node-card fw-node-${node.type} fw-node-state-${state}${selected ? ' fw-node-selected' : ''}${compact ? ' fw-node-compact' : ''}`}
      style={style}
      role="group"
      aria-label={label}
      data-testid={`process-node-${node.id}`}
      data-node-type={node.type}
      data-state={state}
      title={summary ? `${name}\n${summary}` : name}
    >
      <span className="fw-node-bar" aria-hidden="true" />
      <span className="fw-node-icon" aria-hidden="true">
        {TYPE_ICONS[node.type]}
      </span>
      <span className="fw-node-text">
        <span className="fw-node-name">{name}</span>
        {summary && !compact ? <span className="fw-node-summary">{summary}</span> : null}
      </span>
      {state !== 'idle' ? (
        <span className={`fw-node-badge fw-node-badge-${state}`} data-testid={`process-node-state-${node.id}`}>
          {STATE_ICONS[state]}
          <span className="fw-node-badge-text">{stateText}</span>
        </span>
      ) : null}
      {problems > 0 ? (
        <span className="fw-node-problems" data-testid={`process-node-problems-${node.id}`} title={t('diagram.problems', { count: problems })}>
          <WarningFilled aria-hidden="true" /> {problems}
        </span>
      ) : null}
      {children}
    </div>
  );
}
