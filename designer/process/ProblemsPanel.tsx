// The publish check's problems as a list: each names its node (or branch) and selects it on the
// canvas when clicked or activated with the keyboard.
import { Alert, Button, List, Typography } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import type { Locale } from '../../schemas/constants';
import type { ProcessDefinition } from '../../schemas/process/model';
import { problemTarget, type ProcessProblem } from '../core/process/problems';
import { nodeText } from './canvasContext';
import { useProcessT } from './i18n';

export interface ProblemsPanelProps {
  problems: readonly ProcessProblem[];
  definition: ProcessDefinition;
  locale: Locale;
  onSelect: (target: { nodeId?: string; edgeId?: string }) => void;
  onClose: () => void;
}

export function ProblemsPanel({ problems, definition, locale, onSelect, onClose }: ProblemsPanelProps) {
  const t = useProcessT(locale);
  return (
    <section className="fw-pd-problem-list" data-testid="process-problems" aria-label={t('toolbar.problemsTitle', { count: problems.length })}>
      <Alert
        type="error"
        showIcon
        title={t('toolbar.problemsTitle', { count: problems.length })}
        description={t('toolbar.problemsHint')}
        action={
          <Button size="small" onClick={onClose} data-testid="process-problems-close">
            {t('toolbar.close')}
          </Button>
        }
      />
      <List
        size="small"
        dataSource={[...problems]}
        renderItem={(p, i) => {
          const target = problemTarget(p, definition);
          const node = target.nodeId ? definition.nodes.find((n) => n.id === target.nodeId) : undefined;
          const where = target.edgeId
            ? t('toolbar.problemOnBranch', { name: nodeText(node, locale) })
            : node
              ? nodeText(node, locale)
              : t('toolbar.problemGeneral');
          return (
            <List.Item key={i}>
              <Button
                type="link"
                size="small"
                data-testid={`process-problem-${i}`}
                disabled={!target.nodeId && !target.edgeId}
                onClick={() => onSelect(target)}
                style={{ whiteSpace: 'normal', textAlign: 'left', height: 'auto' }}
              >
                <WarningFilled aria-hidden="true" style={{ color: '#dc2626' }} /> <Typography.Text strong>{where}</Typography.Text>：{p.message}
              </Button>
            </List.Item>
          );
        }}
      />
    </section>
  );
}
